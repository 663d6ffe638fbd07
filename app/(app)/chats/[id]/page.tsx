import type { Metadata } from 'next';
import { cache } from 'react';
import { toJson } from '@/components/api/api-types';
import { ChatScreen } from '@/components/chat/chat-screen';
import { loadOr404 } from '@/components/server/load-or-404';
import { requirePageUser } from '@/components/server/page-session';
import { loadChatView } from '@/lib/chat/chat-view';
import { withOlderPage } from '@/lib/http/paging';

interface ChatPageProps {
  params: Promise<{ id: string }>;
}

// metadata and page share one load per request
const loadOwnChat = cache(async (id: string) => {
  const { app, user } = await requirePageUser();
  const chat = await loadOr404(() => loadChatView(app.db, id, user.id, { idleMinutes: app.config.chatIdleMinutes }));
  return { app, chat: withOlderPage(chat, `/api/chats/${id}/messages`) };
});

export async function generateMetadata({ params }: ChatPageProps): Promise<Metadata> {
  const { chat } = await loadOwnChat((await params).id);
  return { title: chat.title };
}

export default async function ChatPage({ params }: ChatPageProps) {
  const { app, chat } = await loadOwnChat((await params).id);
  return <ChatScreen key={chat.id} initialChat={toJson(chat)} models={app.catalog.models} />;
}
