'use client';

import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** the way back, said as what it keeps ("Keep writing", "Keep it"), so neither button is a bare "Cancel" */
  keepLabel: string;
  onConfirm: () => void;
  /** what the question needs answered first (a password, a choice), between the words and the buttons */
  children?: ReactNode;
  /**
   * The confirm button submits this form instead of closing the dialog: the
   * caller closes it once the act succeeded, and shows a refusal inside it.
   */
  formId?: string;
  /** the act is under way: the confirm button waits */
  busy?: boolean;
}

/** A question before an action that cannot be taken back in one click: the safe choice has the focus. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  keepLabel,
  onConfirm,
  children,
  formId,
  busy = false,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 overflow-y-auto rounded-xl bg-white p-6 shadow-xl dark:bg-zinc-900">
          <AlertDialog.Title className="text-base font-semibold break-words">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-zinc-600 dark:text-zinc-400">{description}</AlertDialog.Description>
          {children}
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost">{keepLabel}</Button>
            </AlertDialog.Cancel>
            {formId ? (
              <Button variant="danger" type="submit" form={formId} disabled={busy} aria-busy={busy}>
                {confirmLabel}
              </Button>
            ) : (
              <AlertDialog.Action asChild>
                <Button variant="danger" onClick={onConfirm}>
                  {confirmLabel}
                </Button>
              </AlertDialog.Action>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
