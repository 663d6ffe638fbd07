import type { Metadata } from 'next';
import { cache } from 'react';
import { toJson } from '@/components/api/api-types';
import { ChatScreen } from '@/components/chat/chat-screen';
import { loadAroundOr404 } from '@/components/server/load-or-404';
import { requirePageUser } from '@/components/server/page-session';
import { loadChatView } from '@/lib/chat/chat-view';
import { withMessagePages } from '@/lib/http/paging';
import { withLeastReserve } from '@/lib/billing/pricing';

interface ChatPageProps {
  params: Promise<{ id: string }>;
  /** `?message=<id>`: open at that message (a search hit far back) */
  searchParams: Promise<{ message?: string | string[] }>;
}

// metadata and page share one load per request
const loadOwnChat = cache(async (id: string, message: string | string[] | undefined) => {
  const { app, user } = await requirePageUser();
  const chat = await loadAroundOr404(
    (around) => loadChatView(app.db, id, user.id, { idleMinutes: app.config.chatIdleMinutes, around, contextOnOpen: true }),
    message,
  );
  return { app, chat: withMessagePages(chat, `/api/chats/${id}/messages`), around: typeof message === 'string' ? message : undefined };
});

export async function generateMetadata({ params, searchParams }: ChatPageProps): Promise<Metadata> {
  const { chat } = await loadOwnChat((await params).id, (await searchParams).message);
  return { title: chat.title };
}

export default async function ChatPage({ params, searchParams }: ChatPageProps) {
  const { app, chat, around } = await loadOwnChat((await params).id, (await searchParams).message);
  // a new key per message opened at: following a second search hit in the same chat opens there afresh
  return (
    <ChatScreen
      key={`${chat.id}:${around ?? ''}`}
      initialChat={toJson(chat)}
      models={withLeastReserve(app.catalog.models)}
      openedAt={around}
    />
  );
}
