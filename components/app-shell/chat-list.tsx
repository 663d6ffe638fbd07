'use client';

import { MessageSquare } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { ChatSummaryJson } from '@/components/api/api-types';
import { useChatTitle } from '@/components/chat/use-chat-title';
import { cn } from '@/components/ui/cn';

/** The person's chats, newest activity first (the server's order); closed ones carry a dot. */
export function ChatList({ chats }: { chats: ChatSummaryJson[] }) {
  const t = useTranslations('shell');
  const pathname = usePathname();
  const titleOf = useChatTitle();
  if (chats.length === 0) return <p className="px-2 py-3 text-sm text-zinc-500">{t('noChats')}</p>;
  return (
    <ul className="flex flex-col gap-0.5 pb-3">
      {chats.map((chat) => {
        const href = `/chats/${chat.id}`;
        const active = pathname === href;
        const closed = chat.status === 'closed';
        return (
          <li key={chat.id}>
            <Link
              href={href}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'group flex items-center gap-2 rounded-md px-2 py-1.5 text-sm text-zinc-700 hover:bg-zinc-200/60 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-300 dark:hover:bg-zinc-800',
                active && 'bg-zinc-200/80 text-zinc-950 dark:bg-zinc-800 dark:text-zinc-50',
              )}
            >
              <MessageSquare className="size-3.5 shrink-0 text-zinc-400" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{titleOf(chat.title)}</span>
              {closed && (
                <span className="size-1.5 shrink-0 rounded-full bg-zinc-400 dark:bg-zinc-500" title={t('closedChat')}>
                  <span className="sr-only">{t('closedChat')}</span>
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
