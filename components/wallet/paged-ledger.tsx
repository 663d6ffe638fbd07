'use client';

import type { ReactNode } from 'react';
import type { CreditJson, LedgerEntryJson } from '@/components/api/api-types';
import type { FetchedPage } from '@/components/api/fetch-page';
import { LoadMore } from '@/components/ui/load-more';
import { usePagedList } from '@/components/ui/use-paged-list';
import { linesShownSince, listsToReadNext } from './ledger-pages';
import { LedgerTable } from './ledger-table';

interface PagedLedgerProps {
  /** the entries' list route (`/api/ledger?…`, `/api/staff/ledger?…`) */
  entriesUrl: string;
  /** their first page, when the server rendered it with the page */
  entries?: FetchedPage<LedgerEntryJson>;
  /** the top-ups' list route; null when the filter leaves them out */
  creditsUrl: string | null;
  credits?: FetchedPage<CreditJson>;
  /** shown until the first page arrives */
  loading?: ReactNode;
  showUser?: boolean;
  linkDocuments?: boolean;
  chatHref?: (chatId: string, messageId: string | null) => string;
}

/**
 * A ledger a page at a time: entries and top-ups, each from its own list route,
 * in one table newest first. "Show more" reads the next page of whichever list
 * the table has reached the end of (lib: ledger-pages.ts).
 */
export function PagedLedger({ entriesUrl, entries, creditsUrl, credits, loading, ...table }: PagedLedgerProps) {
  const entryList = usePagedList(entriesUrl, entries);
  const creditList = usePagedList(creditsUrl, credits);
  const since = linesShownSince([entryList, creditList]);
  const shown = <T extends { createdAt: string }>(items: T[] | null) =>
    (items ?? []).filter((item) => since === null || item.createdAt >= since);
  const error = entryList.error ?? creditList.error;

  if (entryList.items === null && !error) return loading ?? null;
  return (
    <div className="flex flex-col gap-2">
      {entryList.items !== null && <LedgerTable entries={shown(entryList.items)} credits={shown(creditList.items)} {...table} />}
      <LoadMore
        list={{
          hasMore: entryList.hasMore || creditList.hasMore,
          loading: entryList.loading || creditList.loading,
          error,
          loadMore: async () => {
            await Promise.all(listsToReadNext([entryList, creditList]).map((list) => list.loadMore()));
          },
        }}
      />
    </div>
  );
}
