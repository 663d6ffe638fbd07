import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { toJson } from '@/components/api/api-types';
import { SharedChat } from '@/components/chat/shared-chat';
import { loadOr404 } from '@/components/server/load-or-404';
import { requirePageUser } from '@/components/server/page-session';
import { openSharedChat } from '@/lib/chat/share-chat';
import { withMessagePages } from '@/lib/http/paging';
import { withLeastReserve } from '@/lib/billing/pricing';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('chat.shared'))('pageTitle') };
}

/** A chat someone shared by link, read-only, as it was when the link was made; a revoked or unknown link is the 404 page. */
export default async function SharedChatPage({ params }: { params: Promise<{ token: string }> }) {
  // any signed-in account may read it; a signed-out visitor signs in and comes back here
  const { app } = await requirePageUser();
  const { token } = await params;
  const chat = await loadOr404(() => openSharedChat(app.db, token));
  return (
    <SharedChat
      chat={toJson(withMessagePages(chat, `/api/shared/chats/${encodeURIComponent(token)}/messages`))}
      models={withLeastReserve(app.catalog.models)}
    />
  );
}
