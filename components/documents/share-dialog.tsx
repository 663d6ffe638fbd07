'use client';

import { Share2, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { ShareForm } from './share-form';

/** The document header's Share button (owner only) and its panel: who has access, add, change role, remove. */
export function ShareDialog({ documentId, documentTitle }: { documentId: string; documentTitle: string }) {
  const t = useTranslations('documents.share');
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="secondary" data-testid="share-open">
          <Share2 className="size-3.5" aria-hidden /> {t('open')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[min(36rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-5 shadow-xl sm:p-6 dark:bg-zinc-900">
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 flex-col gap-1">
              <Dialog.Title className="text-lg font-semibold">{t('dialogTitle', { title: documentTitle })}</Dialog.Title>
              <Dialog.Description className="text-sm text-zinc-600 dark:text-zinc-400">{t('description')}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button size="icon" variant="ghost" aria-label={t('close')}>
                <X className="size-4" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <ShareForm documentId={documentId} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
