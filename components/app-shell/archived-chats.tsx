'use client';

import { ArchiveRestore, ChevronRight } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import type { ChatSummaryJson } from '@/components/api/api-types';
import { useChatTitle } from '@/components/chat/use-chat-title';
import { cn } from '@/components/ui/cn';
import { LoadMore } from '@/components/ui/load-more';
import { usePagedList } from '@/components/ui/use-paged-list';
import { chatActions } from './chat-actions';

/** Archived chats, loaded when the person unfolds them; each can be opened or brought back. */
export function ArchivedChats() {
  const t = useTranslations('shell.archived');
  const titleOf = useChatTitle();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  // read each time it is unfolded
  const list = usePagedList<ChatSummaryJson>(open ? '/api/chats?status=archived' : null);
  const chats = list.items;

  async function restore(chatId: string) {
    try {
      await chatActions.unarchive(chatId);
      list.setItems((current) => current.filter((c) => c.id !== chatId));
      router.refresh();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('failed'));
    }
  }

  return (
    <div className="pb-3">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => {
          setOpen(!open);
        }}
        className="flex w-full items-center gap-1 rounded px-2 py-1 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-zinc-200"
      >
        <ChevronRight className={cn('size-3 transition-transform', open && 'rotate-90')} aria-hidden />
        {t('title')}
      </button>
      {open && chats !== null && (
        <ul className="flex flex-col gap-0.5" data-testid="archived-chats">
          {chats.length === 0 && <li className="px-2 py-1 text-xs text-zinc-500">{t('none')}</li>}
          {chats.map((chat) => (
            <li key={chat.id} className="flex items-center gap-1" data-testid="archived-chat">
              <Link
                href={`/chats/${chat.id}`}
                className="min-w-0 flex-1 truncate rounded px-2 py-1 text-sm text-zinc-600 hover:bg-zinc-200/60 dark:text-zinc-400 dark:hover:bg-zinc-800"
              >
                {titleOf(chat.title)}
              </Link>
              <button
                type="button"
                onClick={() => void restore(chat.id)}
                aria-label={t('restore', { title: titleOf(chat.title) })}
                title={t('restore', { title: titleOf(chat.title) })}
                className="grid size-6 place-items-center rounded text-zinc-500 hover:bg-zinc-200/60 dark:hover:bg-zinc-800"
              >
                <ArchiveRestore className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && <LoadMore list={list} className="flex flex-col items-start gap-1 px-2 pt-1" />}
    </div>
  );
}
