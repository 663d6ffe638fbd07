'use client';

import { Search } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import type { ChatSearchHitJson as Hit } from '@/components/api/api-types';
import { LoadMore } from '@/components/ui/load-more';
import { usePagedList } from '@/components/ui/use-paged-list';
import { openedAtMessage } from '@/components/chat/chat-history';
import { useChatTitle } from '@/components/chat/use-chat-title';

const DEBOUNCE_MS = 250;

/** A search box over all the person's chats (GET /api/chats?q=); the list itself while it is empty. */
export function ChatSearch({ children }: { children: ReactNode }) {
  const t = useTranslations('shell.search');
  const titleOf = useChatTitle();
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');
  const trimmed = query.trim();
  useEffect(() => {
    const timer = setTimeout(() => setSearched(trimmed), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);
  // the hits of the query typed (a page at a time); none while the next query waits for its debounce
  const results = usePagedList<Hit>(trimmed && searched === trimmed ? `/api/chats?q=${encodeURIComponent(searched)}` : null);
  const hits = trimmed === searched ? results.items : null;
  const failed = results.error !== null && hits === null;

  return (
    <>
      <div className="relative mb-2">
        <Search className="pointer-events-none absolute top-1/2 left-2 size-3.5 -translate-y-1/2 text-zinc-400" aria-hidden />
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          maxLength={200}
          placeholder={t('placeholder')}
          aria-label={t('label')}
          className="h-8 w-full rounded-md border border-zinc-200 bg-white pr-2 pl-7 text-sm outline-none focus-visible:border-indigo-400 focus-visible:ring-2 focus-visible:ring-indigo-200 dark:border-zinc-700 dark:bg-zinc-900 dark:focus-visible:ring-indigo-900"
        />
      </div>
      {!trimmed ? (
        children
      ) : (
        <div aria-live="polite" aria-label={t('results')} role="region">
          {failed && <p className="px-2 py-2 text-sm text-red-700 dark:text-red-300">{t('failed')}</p>}
          {hits && hits.length === 0 && <p className="px-2 py-2 text-sm text-zinc-500">{t('none')}</p>}
          {hits && hits.length > 0 && (
            <ul className="flex flex-col gap-0.5 pb-3">
              {hits.map((hit) => (
                <li key={hit.id}>
                  <Link
                    href={openedAtMessage(`/chats/${hit.id}`, hit.messageId)}
                    data-testid="chat-search-hit"
                    className="block rounded-md px-2 py-1.5 hover:bg-zinc-200/60 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-800"
                  >
                    <span className="block truncate text-sm text-zinc-800 dark:text-zinc-200">{titleOf(hit.title)}</span>
                    {hit.snippet && <span className="line-clamp-2 text-xs text-zinc-500 dark:text-zinc-400">{hit.snippet}</span>}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {hits && <LoadMore list={results} className="flex flex-col items-start gap-1 px-2 pb-3" />}
        </div>
      )}
    </>
  );
}
