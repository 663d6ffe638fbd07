import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { REQUEST_PATH_HEADER, returnPathOf } from '@/lib/auth/return-path';
import { BrandMark } from '@/components/app-shell/brand-mark';
import { LanguageSwitcher } from '@/components/app-shell/language-switcher';
import { ThemeToggle } from '@/components/app-shell/theme-toggle';
import { ClientMessages } from '@/components/server/client-messages';
import { getPageUser } from '@/components/server/page-session';

export default async function AuthLayout({ children }: { children: React.ReactNode }) {
  const { user } = await getPageUser();
  const requested = (await headers()).get(REQUEST_PATH_HEADER);
  // already signed in: straight on to the page the link asked for; a mailed password link is for
  // whoever holds the mailbox, signed in or not
  if (user && !requested?.startsWith('/set-password')) redirect(returnPathOf(requested) ?? '/');
  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50 dark:bg-zinc-950">
      <header className="flex items-center justify-between px-6 py-4">
        <BrandMark />
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-[8vh] pb-16">
        <ClientMessages areas={['auth']}>{children}</ClientMessages>
      </main>
    </div>
  );
}
