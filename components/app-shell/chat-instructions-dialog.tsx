'use client';

import { X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { ChatJson } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import { InstructionsTextarea } from '@/components/instructions/instructions-textarea';
import { Button } from '@/components/ui/button';
import { FormFooter } from '@/components/ui/form-footer';
import { INSTRUCTIONS_MAX_CHARS } from '@/lib/chat/limits';

/** The chat menu's "Instructions for this chat…": standing instructions sent with every message of this chat. */
export function ChatInstructionsDialog({
  chatId,
  open,
  onOpenChange,
}: {
  chatId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations('instructions');
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const url = `/api/chats/${chatId}`;

  useEffect(() => {
    if (!open) return;
    let current = true;
    setText(null);
    setError(null);
    fetchJson<ChatJson>(url)
      .then((chat) => current && setText(chat.instructions))
      .catch((caught) => current && setError(caught instanceof Error ? caught.message : String(caught)));
    return () => {
      current = false;
    };
  }, [open, url]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text === null) return;
    setBusy(true);
    setError(null);
    try {
      await fetchJson(url, { method: 'PATCH', body: { instructions: text } });
      toast.success(t('saved'));
      onOpenChange(false);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          data-testid="chat-instructions-dialog"
          className="fixed top-1/2 left-1/2 z-50 flex w-[min(36rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-white p-5 shadow-xl sm:p-6 dark:bg-zinc-900"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 flex-col gap-1">
              <Dialog.Title className="text-lg font-semibold">{t('chatTitle')}</Dialog.Title>
              <Dialog.Description className="text-sm text-zinc-600 dark:text-zinc-400">{t('chatLead')}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button size="icon" variant="ghost" aria-label={t('cancel')}>
                <X className="size-4" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <form onSubmit={submit} className="flex flex-col gap-4">
            <InstructionsTextarea
              id="chat-instructions"
              label={t('chatLabel')}
              hint={t('chatHint')}
              value={text ?? ''}
              onChange={setText}
              rows={5}
            />
            <FormFooter
              error={error}
              busy={busy || text === null || (text?.length ?? 0) > INSTRUCTIONS_MAX_CHARS}
              label={t('save')}
              busyLabel={busy ? t('saving') : t('save')}
            />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
