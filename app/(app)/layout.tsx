import { AppShell } from '@/components/app-shell/app-shell';
import { toJson } from '@/components/api/api-types';
import { ClientMessages } from '@/components/server/client-messages';
import { requirePageUser } from '@/components/server/page-session';
import { isStaffListed } from '@/lib/auth/staff-role';
import { getWallet } from '@/lib/billing/wallet';
import { listChats } from '@/lib/chat/chats';
import { countUnread } from '@/lib/documents/notifications';
import { DEFAULT_PAGE_SIZE, nextPageHref } from '@/lib/http/paging';

export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const { app, user } = await requirePageUser();
  const [chats, wallet, unread] = await Promise.all([
    listChats(app.db, user.id, { limit: DEFAULT_PAGE_SIZE }),
    getWallet(app.db, user.id),
    countUnread(app.db, user.id),
  ]);
  const waitsForStaff = user.role !== 'staff' && !user.emailVerified && isStaffListed(app.config.staffEmails, user.email);
  return (
    <ClientMessages areas={['app']}>
      <AppShell
        user={user}
        chats={{ items: toJson(chats.items), next: nextPageHref('/api/chats', chats.next) }}
        wallet={wallet}
        unread={unread}
        pendingVerification={waitsForStaff ? { mailed: app.mailer.delivers } : undefined}
      >
        {children}
      </AppShell>
    </ClientMessages>
  );
}
