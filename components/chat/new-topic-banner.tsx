'use client';

import { MessageSquarePlus } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ChatCreateBody, ChatCreatedJson } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import { Button } from '@/components/ui/button';

/** After a long pause, offer a fresh chat that keeps what Quire knows about the person. */
export function NewTopicBanner({ chatId }: { chatId: string }) {
  const t = useTranslations('chat.newTopic');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const { id } = await fetchJson<ChatCreatedJson>('/api/chats', {
        method: 'POST',
        body: { carrySlotsFrom: chatId } satisfies ChatCreateBody,
      });
      router.push(`/chats/${id}`);
      router.refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-4 pb-2 sm:px-6" data-testid="new-topic-banner">
      <div
        role="status"
        className="flex flex-wrap items-center gap-3 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-2.5 text-sm text-indigo-900 dark:border-indigo-900 dark:bg-indigo-950 dark:text-indigo-200"
      >
        <p className="min-w-0 flex-1">{t('text')}</p>
        <Button size="sm" variant="secondary" onClick={() => void start()} disabled={busy}>
          <MessageSquarePlus className="size-4" aria-hidden />
          {t('action')}
        </Button>
        {error && <p className="w-full text-red-700 dark:text-red-300">{error}</p>}
      </div>
    </div>
  );
}
