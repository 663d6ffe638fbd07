'use client';

import { useTranslations } from 'next-intl';
import type { ChatSummaryJson } from '@/components/api/api-types';
import { ArchivedChats } from './archived-chats';
import { ChatListItem } from './chat-list-item';

/** The person's chats, newest activity first (the server's order); closed ones carry a dot; archived ones fold away below. */
export function ChatList({ chats }: { chats: ChatSummaryJson[] }) {
  const t = useTranslations('shell');
  return (
    <>
      {chats.length === 0 ? (
        <p className="px-2 py-3 text-sm text-zinc-500">{t('noChats')}</p>
      ) : (
        <ul className="flex flex-col gap-0.5 pb-3">
          {chats.map((chat) => (
            <ChatListItem key={chat.id} chat={chat} />
          ))}
        </ul>
      )}
      <ArchivedChats />
    </>
  );
}
