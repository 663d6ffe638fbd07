'use client';

import { FileText, MessageSquareText, Receipt, Scale, ScrollText, Settings, ShieldCheck, UserPlus, Users, Wallet } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { ChatSummaryJson } from '@/components/api/api-types';
import type { FetchedPage } from '@/components/api/fetch-page';
import type { SessionUser } from '@/lib/auth/session-user';
import { BrandMark } from './brand-mark';
import { ChatList } from './chat-list';
import { ChatSearch } from './chat-search';
import { ImportChatsButton } from './import-chats-dialog';
import { LanguageSwitcher } from './language-switcher';
import { NavLink } from './nav-link';
import { NotificationBell } from './notification-bell';
import { NewChatButton } from './new-chat-button';
import { SignOutButton } from './sign-out-button';
import { ThemeToggle } from './theme-toggle';
import { WalletIndicator } from './wallet-indicator';

export function Sidebar({ user, chats }: { user: SessionUser; chats: FetchedPage<ChatSummaryJson> }) {
  const t = useTranslations('shell');
  const pathname = usePathname();
  return (
    // on a short screen (a phone held sideways) the whole sidebar scrolls: the chat list alone got 40 px
    <div className="flex min-h-0 w-full flex-col short:overflow-y-auto">
      <div className="flex items-center justify-between px-4 pt-4 pb-3">
        <BrandMark />
        <NotificationBell />
      </div>
      <div className="px-3 pb-3">
        <NewChatButton />
      </div>
      <nav aria-label={t('chats')} className="min-h-0 flex-1 overflow-y-auto px-3 short:flex-none short:overflow-visible">
        <div className="flex items-center justify-between pr-1 pb-1">
          <h2 className="px-2 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase">{t('chats')}</h2>
          <ImportChatsButton />
        </div>
        <ChatSearch>
          <ChatList chats={chats} />
        </ChatSearch>
      </nav>
      <div className="flex flex-col gap-3 border-t border-zinc-200 p-3 dark:border-zinc-800">
        <nav aria-label={t('account')} className="flex flex-col gap-0.5">
          <NavLink href="/documents" icon={FileText} alsoActiveUnder="/documents/">
            {t('documents')}
          </NavLink>
          <NavLink href="/wallet" icon={Wallet}>
            {t('wallet')}
          </NavLink>
          <NavLink href="/settings/instructions" icon={MessageSquareText}>
            {t('instructions')}
          </NavLink>
          {user.role === 'staff' && (
            <>
              <NavLink href="/staff" icon={ShieldCheck} alsoActiveUnder="/staff/transcripts/">
                {t('staffTranscripts')}
              </NavLink>
              <NavLink href="/staff/ledger" icon={Receipt}>
                {t('staffLedger')}
              </NavLink>
              <NavLink href="/staff/invites" icon={UserPlus}>
                {t('staffInvites')}
              </NavLink>
              <NavLink href="/staff/people" icon={Users}>
                {t('staffPeople')}
              </NavLink>
              <NavLink href="/staff/arena" icon={Scale}>
                {t('staffArena')}
              </NavLink>
              <NavLink href="/staff/audit" icon={ScrollText}>
                {t('staffAudit')}
              </NavLink>
            </>
          )}
        </nav>
        <WalletIndicator />
        <div className="flex items-center justify-between gap-2">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
        <div className="flex items-center gap-1">
          {/* the person's name opens their account settings: address, password, signed-in devices */}
          <Link
            href="/settings/account"
            aria-current={pathname === '/settings/account' ? 'page' : undefined}
            title={t('accountSettings')}
            className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-1 py-1 hover:bg-zinc-200/60 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-[current=page]:bg-zinc-200/80 dark:hover:bg-zinc-800 dark:aria-[current=page]:bg-zinc-800"
          >
            <span className="min-w-0 flex-1 leading-tight">
              <span className="block truncate text-sm font-medium">{user.name}</span>
              <span className="block truncate text-xs text-zinc-500">{user.email}</span>
            </span>
            <Settings className="size-4 shrink-0 text-zinc-500" aria-hidden />
            <span className="sr-only">{t('accountSettings')}</span>
          </Link>
          <SignOutButton />
        </div>
      </div>
    </div>
  );
}
