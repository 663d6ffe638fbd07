'use client';

import type { ReactNode } from 'react';
import { Tooltip as RadixTooltip } from 'radix-ui';

/** A hover/focus hint; the trigger must be focusable so keyboard users get it too. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <RadixTooltip.Root delayDuration={200}>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          sideOffset={6}
          className="z-50 max-w-xs rounded-md bg-zinc-900 px-2.5 py-1.5 text-xs leading-5 text-zinc-50 shadow-lg dark:bg-zinc-100 dark:text-zinc-900"
        >
          {content}
          <RadixTooltip.Arrow className="fill-zinc-900 dark:fill-zinc-100" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
