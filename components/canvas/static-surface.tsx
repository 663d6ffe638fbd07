'use client';

import { useTranslations } from 'next-intl';
import { useSectionHtml, type SectionText } from './section-html';
import { useEarlyInput } from './use-early-input';

/** The classes of the editor's own element (ProseMirror adds the first two): the same styles before and after it mounts. */
export const EDITOR_CLASS = 'tiptap ProseMirror markdown text-[15px] leading-7 min-h-6';

/** A key pressed before the editor could take it, typed into the editor once it mounts. */
export type TypedKey = { text: string } | { key: 'Enter' | 'Backspace' };

/**
 * How the person entered a section: where they pressed (the caret goes there), or by focus (the caret goes to the start).
 * `early`: they did so before the editor's code had arrived (use-early-input.ts), typed these keys meanwhile, and
 * may have moved on (`focus: false`: the keys are typed, the focus stays where it is now).
 */
export type EnterVia = ({ kind: 'pointer'; x: number; y: number } | { kind: 'focus' }) & {
  early?: { typed: TypedKey[]; focus: boolean };
};

interface StaticSurfaceProps {
  label: string;
  /** the person may edit this section */
  editable: boolean;
  /** the person reached for the text: mount the editor now, before the browser places the caret */
  onEnter(via: EnterVia): void;
  text: SectionText;
}

/**
 * A section's static HTML dressed as its editor: the same wrapper, element,
 * classes and ARIA as TipTap's, so a click, a tab or a screen reader finds
 * a text box, and mounting the editor on it changes nothing on screen. It
 * becomes editable once the page is hydrated and the editor's code is
 * there (entering mounts the editor at once), and lets no keystroke through itself: the first mouse press, tap or
 * focus hands over to the editor. Between hydration and the code's arrival it
 * takes the focus and keeps what is typed for the editor (use-early-input.ts). React adopts the server's HTML as it is:
 * hydration does not walk the section's nodes.
 */
export function StaticSurface({ label, editable, onEnter, text }: StaticSurfaceProps) {
  const { html, kitLoaded } = useSectionHtml(text);
  const enterable = editable && kitLoaded;
  const early = useEarlyInput({ editable, kitLoaded, onEnter });
  const t = useTranslations('canvas');
  return (
    // Off-screen sections are neither laid out nor painted until scrolled to: a long document's first paint
    // costs what the screen shows. Nothing in here overflows the box, so the paint containment clips nothing.
    <div className="[content-visibility:auto]" style={{ containIntrinsicBlockSize: `auto ${estimatedHeight(html)}px` }}>
      <div
        ref={early.surface}
        className={EDITOR_CLASS}
        translate="no"
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        aria-readonly={!editable}
        data-testid="canvas-editor"
        contentEditable={enterable}
        onPointerDown={
          enterable
            ? (event) => {
                // A touch may be the start of a scroll: it enters on the tap (click) instead, keyboard and all.
                if (event.pointerType === 'touch' || event.button !== 0) return;
                // The browser would aim this press at the static text, which the editor is about to replace:
                // the editor places the caret (and follows a drag) from the pointer's coordinates itself.
                event.preventDefault();
                onEnter({ kind: 'pointer', x: event.clientX, y: event.clientY });
              }
            : undefined
        }
        onClick={enterable ? (event) => onEnter({ kind: 'pointer', x: event.clientX, y: event.clientY }) : undefined}
        onFocus={enterable ? () => onEnter({ kind: 'focus' }) : undefined}
        onBeforeInput={(event) => event.preventDefault()}
        // a drop would write into the static HTML: text is dropped once the section is entered
        onDrop={(event) => event.preventDefault()}
        // before the editor's code arrives: the focus, the click's place and the keys, kept for it (after the props they replace)
        {...early.handlers}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: staticSectionHtml escapes every text and attribute
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {early.holding && (
        <p role="status" className="mt-1 text-xs text-zinc-500">
          {t('editorOpening')}
        </p>
      )}
    </div>
  );
}

/**
 * The height a section is given until it is first drawn (then the browser
 * remembers the real one): its text at about 85 characters per 28 px line,
 * the desktop column. Only the scrollbar sees the difference.
 */
function estimatedHeight(html: string): number {
  return Math.max(28, Math.round((html.length / 85) * 28));
}

/** A section the pipeline is still writing: its text so far, dimmed, never editable. */
export function PendingSectionText({ text }: { text: SectionText }) {
  const { html } = useSectionHtml(text);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: staticSectionHtml escapes every text and attribute
  return <div className="markdown text-[15px] leading-7 opacity-70" dangerouslySetInnerHTML={{ __html: html }} />;
}
