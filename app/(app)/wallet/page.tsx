import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { toJson } from '@/components/api/api-types';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageUser } from '@/components/server/page-session';
import { firstValues, type SearchParams } from '@/components/server/search-params';
import { LedgerFilters } from '@/components/wallet/ledger-filters';
import { PagedLedger } from '@/components/wallet/paged-ledger';
import { WalletSummary } from '@/components/wallet/wallet-summary';
import { listCredits, listLedger } from '@/lib/billing/ledger-view';
import { listChats } from '@/lib/chat/chats';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, nextPageHref } from '@/lib/http/paging';

const STATUSES = ['reserved', 'settled', 'refunded'] as const;
type LedgerStatus = (typeof STATUSES)[number];

interface WalletPageProps {
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('wallet'))('title') };
}

const FIRST_PAGE = { limit: DEFAULT_PAGE_SIZE };

export default async function WalletPage({ searchParams }: WalletPageProps) {
  const t = await getTranslations('wallet');
  const { app, user } = await requirePageUser();
  const query = firstValues(await searchParams, ['status', 'chat']);
  const status = STATUSES.find((s) => s === query.status) as LedgerStatus | undefined;
  const chatId = query.chat || undefined;
  // top-ups belong to no chat and are never reserved or refunded: shown unless a filter excludes them
  const showCredits = !chatId && (!status || status === 'settled');
  const filter = new URLSearchParams({ ...(status ? { status } : {}), ...(chatId ? { chatId } : {}) }).toString();
  const entriesPath = filter ? `/api/ledger?${filter}` : '/api/ledger';
  const creditsPath = showCredits ? '/api/credits' : null;
  // entries carry their chat's title themselves; the chats here are only the filter's choices
  const [entries, chats, credits] = await Promise.all([
    listLedger(app.db, { userId: user.id, status, chatId }, FIRST_PAGE),
    listChats(app.db, user.id, { limit: MAX_PAGE_SIZE }).then((page) => page.items),
    showCredits ? listCredits(app.db, { userId: user.id }, FIRST_PAGE) : null,
  ]);

  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8 sm:px-8">
        <PageHeader title={t('title')} lead={t('lead')} />
        <WalletSummary />
        <section aria-labelledby="ledger-title" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="ledger-title" className="text-base font-semibold">
              {t('ledgerTitle')}
            </h2>
            <LedgerFilters status={status ?? ''} chatId={chatId ?? ''} chats={chats.map((c) => ({ id: c.id, title: c.title }))} />
          </div>
          <PagedLedger
            entriesUrl={entriesPath}
            entries={{ items: toJson(entries.items), next: nextPageHref(entriesPath, entries.next) }}
            creditsUrl={creditsPath}
            credits={credits && creditsPath ? { items: toJson(credits.items), next: nextPageHref(creditsPath, credits.next) } : undefined}
            linkDocuments
          />
        </section>
      </div>
    </div>
  );
}
