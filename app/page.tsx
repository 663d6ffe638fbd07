import { redirect } from 'next/navigation';
import { LandingPage } from '@/components/landing/landing-page';
import { getPageUser } from '@/components/server/page-session';
import { createChat, listChats } from '@/lib/chat/chats';

/** Home: a visitor sees what Quire is; a signed-in person goes to their newest conversation (or a fresh chat). */
export default async function Home() {
  const { app, user } = await getPageUser();
  if (!user) return <LandingPage offerSignUp={app.config.signup !== 'closed'} />;
  const [newest] = (await listChats(app.db, user.id, { limit: 1 })).items;
  const chat = newest ?? (await createChat(app.db, app.catalog, user.id, {}));
  redirect(`/chats/${chat.id}`);
}
