import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { type ClientArea, clientMessages } from '@/lib/i18n/client-namespaces';

/**
 * The messages the client components below may use: the base namespaces and
 * those of `areas`. A nested provider replaces the outer one's messages, so an
 * area inside another names both (documents are inside the app).
 */
export async function ClientMessages({ areas, children }: { areas: readonly ClientArea[]; children: React.ReactNode }) {
  const messages = await getMessages();
  return <NextIntlClientProvider messages={clientMessages(messages, areas)}>{children}</NextIntlClientProvider>;
}
