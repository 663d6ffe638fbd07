import { type ReactNode, useLayoutEffect, useState } from 'react';
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

/**
 * The message a conversation was opened at (`?message=`), when it is among the
 * messages it opened with (else null: a message since removed), scrolled to the
 * middle of the view once.
 */
export function useOpenedAt(openedAt: string | undefined, messages: ReadonlyArray<{ id: string }>): string | null {
  const [highlighted] = useState(() => (openedAt && messages.some((m) => m.id === openedAt) ? openedAt : null));
  useLayoutEffect(() => {
    if (highlighted) document.getElementById(messageAnchor(highlighted))?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  return highlighted;
}
