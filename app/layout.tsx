import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getLocale, getTranslations } from 'next-intl/server';
import { AppProviders } from '@/components/app-shell/app-providers';
import { ThemeScript } from '@/components/app-shell/theme-script';
import { ClientMessages } from '@/components/server/client-messages';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: { default: 'Quire', template: '%s · Quire' }, description: t('description') };
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <ThemeScript nonce={nonce} />
      </head>
      <body className="min-h-dvh bg-white text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <ClientMessages areas={[]}>
          <AppProviders>{children}</AppProviders>
        </ClientMessages>
      </body>
    </html>
  );
}
