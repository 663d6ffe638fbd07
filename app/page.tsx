import { redirect } from 'next/navigation';
import { requirePageUser } from '@/components/server/page-session';
import { createChat, listChats } from '@/lib/chat/chats';

/** Home is the newest conversation; a person without one gets a fresh chat. */
export default async function Home() {
  const { app, user } = await requirePageUser();
  const [newest] = await listChats(app.db, user.id);
  const chat = newest ?? (await createChat(app.db, app.catalog, user.id, {}));
  redirect(`/chats/${chat.id}`);
}
