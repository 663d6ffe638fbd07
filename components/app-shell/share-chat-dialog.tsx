'use client';

import { Copy } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ApiError, fetchJson } from '@/components/api/fetch-json';
import { Button } from '@/components/ui/button';
import { DialogPanel } from '@/components/ui/dialog-panel';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface ChatShareJson {
  url: string;
  createdAt: string;
  snapshotAt: string;
}

type Shown = { state: 'loading' } | { state: 'none' } | { state: 'shared'; link: ChatShareJson };

/** The chat menu's "Share link…": make a read-only link to the chat as it is now, copy it, or revoke it. */
export function ShareChatDialog({
  chatId,
  title,
  open,
  onOpenChange,
}: {
  chatId: string;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations('shell.chatMenu.share');
  const locale = useLocale();
  const [shown, setShown] = useState<Shown>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const url = `/api/chats/${chatId}/share`;

  useEffect(() => {
    if (!open) return;
    let current = true;
    setShown({ state: 'loading' });
    fetchJson<ChatShareJson>(url)
      .then((link) => current && setShown({ state: 'shared', link }))
      .catch((error) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 404) setShown({ state: 'none' });
        else toast.error(error instanceof Error ? error.message : t('failed'));
      });
    return () => {
      current = false;
    };
  }, [open, url, t]);

  async function act(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('failed'));
    } finally {
      setBusy(false);
    }
  }

  const create = () => act(async () => setShown({ state: 'shared', link: await fetchJson<ChatShareJson>(url, { method: 'POST' }) }));
  const revoke = () =>
    act(async () => {
      await fetchJson(url, { method: 'DELETE' });
      setShown({ state: 'none' });
      toast.success(t('revoked'));
    });
  const copy = (link: string) =>
    act(async () => {
      await navigator.clipboard.writeText(link);
      toast.success(t('copied'));
    });

  return (
    <>
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <DialogPanel title={t('title', { title })} description={t('description')} closeLabel={t('close')} testId="share-chat-dialog">
          {shown.state === 'loading' && <p className="text-sm text-zinc-500">{t('loading')}</p>}
          {shown.state === 'none' && (
            <div className="flex justify-end">
              <Button onClick={() => void create()} disabled={busy} data-testid="share-create">
                {t('create')}
              </Button>
            </div>
          )}
          {shown.state === 'shared' && (
            <div className="flex flex-col gap-3">
              <div className="flex gap-2">
                <input
                  readOnly
                  value={shown.link.url}
                  aria-label={t('linkLabel')}
                  data-testid="share-url"
                  onFocus={(event) => event.currentTarget.select()}
                  className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-2 py-1.5 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-800"
                />
                <Button variant="secondary" onClick={() => void copy(shown.link.url)} disabled={busy}>
                  <Copy className="size-3.5" aria-hidden /> {t('copy')}
                </Button>
              </div>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                {t('snapshot', {
                  at: new Date(shown.link.snapshotAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }),
                })}
              </p>
              <div className="flex justify-end">
                <Button variant="danger" onClick={() => setConfirming(true)} disabled={busy} data-testid="share-revoke">
                  {t('revoke')}
                </Button>
              </div>
            </div>
          )}
        </DialogPanel>
      </Dialog.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('revokeTitle')}
        description={t('revokeDescription')}
        confirmLabel={t('revokeConfirm')}
        keepLabel={t('keep')}
        onConfirm={() => void revoke()}
      />
    </>
  );
}
