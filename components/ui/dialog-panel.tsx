'use client';

import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';

/**
 * The body of a dialog: dimmed page, a centred card (the full width on a phone)
 * that scrolls when taller than the screen, its title and description, and a
 * close button. The caller owns `Dialog.Root` (and its trigger, if any).
 */
export function DialogPanel({
  title,
  description,
  closeLabel,
  testId,
  wide = false,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  closeLabel: string;
  testId?: string;
  /** 36rem instead of 32rem, for forms with longer fields */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
      <Dialog.Content
        data-testid={testId}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-5 shadow-xl sm:p-6 dark:bg-zinc-900',
          wide ? 'w-[min(36rem,94vw)]' : 'w-[min(32rem,94vw)]',
        )}
      >
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <Dialog.Title className="text-lg font-semibold break-words">{title}</Dialog.Title>
            <Dialog.Description className="text-sm text-zinc-600 dark:text-zinc-400">{description}</Dialog.Description>
          </div>
          <Dialog.Close asChild>
            <Button size="icon" variant="ghost" aria-label={closeLabel}>
              <X className="size-4" aria-hidden />
            </Button>
          </Dialog.Close>
        </div>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
