'use client';

import { useTranslations } from 'next-intl';
import type { ChatSummaryJson } from '@/components/api/api-types';
import type { FetchedPage } from '@/components/api/fetch-page';
import { LoadMore } from '@/components/ui/load-more';
import { usePagedList } from '@/components/ui/use-paged-list';
import { ArchivedChats } from './archived-chats';
import { ChatListItem } from './chat-list-item';

/**
 * The person's chats, newest activity first (the server's order), a page at a
 * time: the first comes with the page, "Show more" reads the next. Closed ones
 * carry a dot; archived ones fold away below.
 */
export function ChatList({ chats }: { chats: FetchedPage<ChatSummaryJson> }) {
  const t = useTranslations('shell');
  const list = usePagedList('/api/chats', chats);
  const items = list.items ?? [];
  return (
    <>
      {items.length === 0 ? (
        <p className="px-2 py-3 text-sm text-zinc-500">{t('noChats')}</p>
      ) : (
        <ul className="flex flex-col gap-0.5 pb-3" data-testid="chat-list">
          {items.map((chat) => (
            <ChatListItem key={chat.id} chat={chat} />
          ))}
        </ul>
      )}
      <LoadMore list={list} className="flex flex-col items-start gap-1 px-2 pb-3" />
      <ArchivedChats />
    </>
  );
}
