import { Copy, type LucideIcon, Pencil, Sparkle } from 'lucide-react';

/**
 * Icons that every message of a conversation repeats (the answer's mark, Copy, Edit), drawn once per page as
 * symbols and used by reference: inline, each copy was half a kilobyte of path data, a tenth of a long
 * chat page's HTML. Other icons stay inline.
 */
const SPRITE = { sparkle: Sparkle, copy: Copy, pencil: Pencil } satisfies Record<string, LucideIcon>;

export type SpriteIconName = keyof typeof SPRITE;

/** The symbols, once in the app's shell; hidden, and out of the layout and the accessibility tree. */
export function IconSprite() {
  return (
    <svg aria-hidden width="0" height="0" className="pointer-events-none absolute overflow-hidden">
      <defs>
        {Object.entries(SPRITE).map(([name, Icon]) => (
          <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
            <Icon />
          </symbol>
        ))}
      </defs>
    </svg>
  );
}

/** A sprite icon, decorative (its button or heading names it), sized by `className` like a Lucide icon. */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}
