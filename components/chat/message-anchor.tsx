import type { ReactNode } from 'react';
import { messageAnchor } from './chat-history';

/** Where a message can be scrolled to by its id; the one a search hit opened at is marked. */
export function MessageAnchor({ id, highlighted, children }: { id: string; highlighted: boolean; children: ReactNode }) {
  return (
    <div
      id={messageAnchor(id)}
      data-anchor={id}
      aria-current={highlighted ? 'true' : undefined}
      className={
        highlighted
          ? 'scroll-mt-4 rounded-xl bg-amber-50 ring-2 ring-amber-300 ring-offset-4 ring-offset-amber-50 dark:bg-amber-950/30 dark:ring-amber-700 dark:ring-offset-transparent'
          : 'scroll-mt-4'
      }
    >
      {children}
    </div>
  );
}
