'use client';

import { LoaderCircle, SquarePen } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import type { ChatCreateBody, ChatCreatedJson } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import { Button } from '@/components/ui/button';

export function NewChatButton() {
  const t = useTranslations('shell');
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function create() {
    setPending(true);
    try {
      const { id } = await fetchJson<ChatCreatedJson>('/api/chats', {
        method: 'POST',
        body: { reuseEmpty: true } satisfies ChatCreateBody,
      });
      router.push(`/chats/${id}`);
      router.refresh();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('newChatFailed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Button variant="secondary" className="w-full justify-start" onClick={create} disabled={pending} data-testid="new-chat">
      {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <SquarePen className="size-4" aria-hidden />}
      {t('newChat')}
    </Button>
  );
}
