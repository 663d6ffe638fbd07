'use client';

import { ChevronRight } from 'lucide-react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Fragment, useState } from 'react';
import type { CreditJson, LedgerEntryJson } from '@/components/api/api-types';
import { useChatTitle } from '@/components/chat/use-chat-title';
import { LocalTime } from '@/components/format/local-time';
import { formatUsd } from '@/components/format/money';
import { cn } from '@/components/ui/cn';
import { LedgerCalls } from './ledger-calls';
import { LedgerCreditRow } from './ledger-credit-row';
import { LedgerStatusBadge } from './ledger-status-badge';

interface LedgerTableProps {
  entries: LedgerEntryJson[];
  /** top-ups, shown as credit lines among the entries */
  credits?: CreditJson[];
  /** staff read everyone's ledger: a column says whose each line is */
  showUser?: boolean;
  /** the owner opens their documents; staff may have no access to them */
  linkDocuments?: boolean;
  /** chat id → title, where the viewer knows it */
  chatTitles?: Record<string, string>;
  /** staff open a chat as its transcript; its owner opens the chat itself */
  chatHref?: (chatId: string) => string;
}

const ownChatHref = (chatId: string) => `/chats/${chatId}`;

type Line = { kind: 'entry'; at: string; entry: LedgerEntryJson } | { kind: 'credit'; at: string; credit: CreditJson };

/** Entries and credit lines in one list, newest first. */
function linesOf(entries: LedgerEntryJson[], credits: CreditJson[]): Line[] {
  const lines: Line[] = [
    ...entries.map((entry) => ({ kind: 'entry' as const, at: entry.createdAt, entry })),
    ...credits.map((credit) => ({ kind: 'credit' as const, at: credit.createdAt, credit })),
  ];
  return lines.sort((a, b) => b.at.localeCompare(a.at));
}

export function LedgerTable({
  entries,
  credits = [],
  showUser = false,
  linkDocuments = false,
  chatTitles = {},
  chatHref = ownChatHref,
}: LedgerTableProps) {
  const t = useTranslations('wallet.table');
  const locale = useLocale();
  const titleOf = useChatTitle();
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (id: string) => setOpen((current) => new Set(current.has(id) ? [...current].filter((x) => x !== id) : [...current, id]));

  const columns = showUser ? 8 : 7;
  if (entries.length === 0 && credits.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-10 text-center text-sm text-zinc-500 dark:border-zinc-700">
        {t('empty')}
      </p>
    );
  }

  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">{t('caption')}</caption>
        <thead className="bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-900">
          <tr>
            <th scope="col" className="w-10 px-2 py-2.5">
              <span className="sr-only">{t('details')}</span>
            </th>
            <th scope="col" className="px-2 py-2.5 text-left font-medium">
              {t('when')}
            </th>
            {showUser && (
              <th scope="col" className="px-2 py-2.5 text-left font-medium">
                {t('user')}
              </th>
            )}
            <th scope="col" className="px-2 py-2.5 text-left font-medium">
              {t('source')}
            </th>
            <th scope="col" className="px-2 py-2.5 text-left font-medium">
              {t('status')}
            </th>
            <th scope="col" className="px-2 py-2.5 text-right font-medium">
              {t('calls')}
            </th>
            <th scope="col" className="px-2 py-2.5 text-right font-medium">
              {t('reserved')}
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-medium">
              {t('charged')}
            </th>
          </tr>
        </thead>
        <tbody>
          {linesOf(entries, credits).map((line) => {
            if (line.kind === 'credit') return <LedgerCreditRow key={line.credit.id} credit={line.credit} showUser={showUser} />;
            const entry = line.entry;
            const expanded = open.has(entry.id);
            const chatTitle = entry.chatId ? (chatTitles[entry.chatId] ?? entry.chatTitle ?? undefined) : undefined;
            return (
              <Fragment key={entry.id}>
                <tr className="border-t border-zinc-200 dark:border-zinc-800" data-testid="ledger-row" data-status={entry.status}>
                  <td className="px-2 py-2">
                    <button
                      type="button"
                      onClick={() => toggle(entry.id)}
                      aria-expanded={expanded}
                      aria-controls={`calls-${entry.id}`}
                      aria-label={expanded ? t('hideCalls') : t('showCalls')}
                      className="grid size-7 place-items-center rounded-md text-zinc-500 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-800"
                    >
                      <ChevronRight className={cn('size-4 transition-transform', expanded && 'rotate-90')} aria-hidden />
                    </button>
                  </td>
                  <td className="px-2 py-2 whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                    <LocalTime iso={entry.createdAt} />
                  </td>
                  {showUser && (
                    <td className="max-w-[14rem] truncate px-2 py-2 text-zinc-600 dark:text-zinc-400" data-testid="ledger-user">
                      {entry.userEmail ?? '—'}
                    </td>
                  )}
                  <td className="max-w-[18rem] px-2 py-2" data-testid="ledger-for">
                    {entry.documentId ? (
                      // pipeline steps and rewrites are charged for the document, not the chat it came from
                      linkDocuments ? (
                        <Link
                          href={`/documents/${entry.documentId}`}
                          className="block truncate text-indigo-600 hover:underline dark:text-indigo-400"
                        >
                          {entry.documentTitle || t('document')}
                        </Link>
                      ) : (
                        <span className="block truncate">{entry.documentTitle || t('document')}</span>
                      )
                    ) : entry.chatId && chatTitle !== undefined ? (
                      <Link href={chatHref(entry.chatId)} className="block truncate text-indigo-600 hover:underline dark:text-indigo-400">
                        {titleOf(chatTitle)}
                      </Link>
                    ) : entry.chatId ? (
                      // the chat was deleted; what it cost stays in the ledger
                      <span className="block truncate text-zinc-500">{t('deletedChat')}</span>
                    ) : (
                      <span className="block truncate">{t('other')}</span>
                    )}
                  </td>
                  <td className="px-2 py-2">
                    <LedgerStatusBadge status={entry.status} />
                  </td>
                  <td className="px-2 py-2 text-right tabular-nums">{entry.calls.length}</td>
                  <td className="px-2 py-2 text-right text-zinc-500 tabular-nums">{formatUsd(entry.reservedMicros, locale)}</td>
                  <td className="px-4 py-2 text-right font-medium tabular-nums">{formatUsd(entry.chargedMicros, locale)}</td>
                </tr>
                {expanded && (
                  <tr id={`calls-${entry.id}`} className="bg-zinc-50/70 dark:bg-zinc-900/50">
                    <td colSpan={columns} className="p-0">
                      <LedgerCalls calls={entry.calls} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
