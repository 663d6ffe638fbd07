'use client';

import { Share2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { DialogPanel } from '@/components/ui/dialog-panel';
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
      <DialogPanel title={t('dialogTitle', { title: documentTitle })} description={t('description')} closeLabel={t('close')} wide>
        <ShareForm documentId={documentId} />
      </DialogPanel>
    </Dialog.Root>
  );
}
