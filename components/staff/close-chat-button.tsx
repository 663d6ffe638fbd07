'use client';

import { Lock } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { fetchJson } from '@/components/api/fetch-json';
import { Button } from '@/components/ui/button';

export function CloseChatButton({ chatId, closed }: { chatId: string; closed: boolean }) {
  const t = useTranslations('staff.transcript');
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function close() {
    setPending(true);
    try {
      await fetchJson(`/api/chats/${encodeURIComponent(chatId)}/close`, { method: 'POST' });
      toast.success(t('closedToast'));
      router.refresh();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('closeFailed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Button variant="secondary" onClick={close} disabled={closed || pending} data-testid="close-chat">
      <Lock className="size-4" aria-hidden />
      {closed ? t('alreadyClosed') : t('close')}
    </Button>
  );
}
