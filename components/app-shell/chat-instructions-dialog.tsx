'use client';

import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { ChatJson } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import { InstructionsTextarea } from '@/components/instructions/instructions-textarea';
import { DialogPanel } from '@/components/ui/dialog-panel';
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
      <DialogPanel title={t('chatTitle')} description={t('chatLead')} closeLabel={t('cancel')} testId="chat-instructions-dialog" wide>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <InstructionsTextarea
            id="chat-instructions"
            label={t('chatLabel')}
            hint={t('chatHint')}
            value={text ?? ''}
            onChange={setText}
            rows={5}
            loading={text === null}
          />
          <FormFooter
            error={error}
            busy={busy || text === null || (text?.length ?? 0) > INSTRUCTIONS_MAX_CHARS}
            label={t('save')}
            busyLabel={busy ? t('saving') : t('save')}
          />
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
