import { AppShell } from '@/components/app-shell/app-shell';
import { toJson } from '@/components/api/api-types';
import { requirePageUser } from '@/components/server/page-session';
import { getWallet } from '@/lib/billing/wallet';
import { listChats } from '@/lib/chat/chats';

export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const { app, user } = await requirePageUser();
  const [chats, wallet] = await Promise.all([listChats(app.db, user.id), getWallet(app.db, user.id)]);
  return (
    <AppShell user={user} chats={toJson(chats)} wallet={wallet}>
      {children}
    </AppShell>
  );
}
