'use client';

import { Menu } from 'lucide-react';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import type { ChatSummaryJson, WalletJson } from '@/components/api/api-types';
import type { FetchedPage } from '@/components/api/fetch-page';
import type { SessionUser } from '@/lib/auth/session-user';
import { IconSprite } from '@/components/ui/sprite-icon';
import { BrandMark } from './brand-mark';
import { NotificationBell } from './notification-bell';
import { NotificationsProvider, type UnreadCountJson } from './notifications-provider';
import { Sidebar } from './sidebar';
import { VerifyEmailBanner } from './verify-email-banner';
import { WalletProvider } from './wallet-provider';

interface AppShellProps {
  user: SessionUser;
  /** the first page of the chat list, and where the next one is */
  chats: FetchedPage<ChatSummaryJson>;
  wallet: WalletJson;
  /** unread notifications when the page was rendered: the bell's badge */
  unread: UnreadCountJson;
  /** set while a staff-listed address waits for verification; `mailed`: the link went by mail, not to the log */
  pendingVerification?: { mailed: boolean };
  children: React.ReactNode;
}

/** Sidebar beside the page on wide screens; a slide-over drawer on narrow ones. */
export function AppShell({ user, chats, wallet, unread, pendingVerification, children }: AppShellProps) {
  const t = useTranslations('shell');
  const pathname = usePathname();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <WalletProvider initial={wallet}>
      <NotificationsProvider initial={unread}>
        <IconSprite />
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 dark:bg-zinc-900"
        >
          {t('skipToContent')}
        </a>
        <div className="flex h-dvh overflow-hidden">
          <aside
            className="hidden w-72 shrink-0 border-r border-zinc-200 bg-zinc-50 md:flex dark:border-zinc-800 dark:bg-zinc-900/40"
            aria-label={t('sidebar')}
          >
            <Sidebar user={user} chats={chats} />
          </aside>
          <div className="flex min-w-0 flex-1 flex-col">
            <header className="flex items-center gap-3 border-b border-zinc-200 px-3 py-2 md:hidden dark:border-zinc-800">
              <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
                <Dialog.Trigger className="grid size-9 place-items-center rounded-lg hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-800">
                  <Menu className="size-5" aria-hidden />
                  <span className="sr-only">{t('openMenu')}</span>
                </Dialog.Trigger>
                <Dialog.Portal>
                  <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
                  <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] bg-zinc-50 shadow-xl dark:bg-zinc-900">
                    <Dialog.Title className="sr-only">{t('sidebar')}</Dialog.Title>
                    <Dialog.Description className="sr-only">{t('sidebarDescription')}</Dialog.Description>
                    <Sidebar user={user} chats={chats} />
                  </Dialog.Content>
                </Dialog.Portal>
              </Dialog.Root>
              <BrandMark />
              <span className="ms-auto">
                <NotificationBell />
              </span>
            </header>
            {pendingVerification && <VerifyEmailBanner email={user.email} mailed={pendingVerification.mailed} />}
            <main id="main" tabIndex={-1} className="min-h-0 flex-1 focus:outline-none">
              {children}
            </main>
          </div>
        </div>
      </NotificationsProvider>
    </WalletProvider>
  );
}
