'use client';

import { ChevronRight } from 'lucide-react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { CreditJson, LedgerEntryJson } from '@/components/api/api-types';
import { openedAtMessage } from '@/components/chat/chat-history';
import { useChatTitle } from '@/components/chat/use-chat-title';
import { LocalTime } from '@/components/format/local-time';
import { formatUsd } from '@/components/format/money';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { LedgerCalls } from './ledger-calls';
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
  chatHref?: (chatId: string, messageId: string | null) => string;
}

const ownChatHref = (chatId: string, messageId: string | null) => openedAtMessage(`/chats/${chatId}`, messageId);

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
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (id: string) => setOpen((current) => new Set(current.has(id) ? [...current].filter((x) => x !== id) : [...current, id]));

  // a credit line fills the same columns as an entry: a top-up has no calls, no reservation and no details
  const userColumn: DataTableColumn<Line> = {
    key: 'user',
    header: t('user'),
    className: 'max-w-[14rem] truncate text-zinc-600 dark:text-zinc-400',
    testId: 'ledger-user',
    cell: (line) => (line.kind === 'entry' ? line.entry.userEmail : line.credit.userEmail) ?? '—',
  };
  const columns: DataTableColumn<Line>[] = [
    {
      key: 'details',
      header: t('details'),
      headerHidden: true,
      headerClassName: 'w-10 px-2',
      className: 'px-2',
      cell: (line) => {
        if (line.kind !== 'entry') return null;
        const expanded = open.has(line.entry.id);
        return (
          <button
            type="button"
            onClick={() => toggle(line.entry.id)}
            aria-expanded={expanded}
            aria-controls={`calls-${line.entry.id}`}
            aria-label={expanded ? t('hideCalls') : t('showCalls')}
            className="grid size-7 place-items-center rounded-md text-zinc-500 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-800"
          >
            <ChevronRight className={cn('size-4 transition-transform', expanded && 'rotate-90')} aria-hidden />
          </button>
        );
      },
    },
    {
      key: 'when',
      header: t('when'),
      className: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400',
      cell: (line) => <LocalTime iso={line.at} />,
    },
    ...(showUser ? [userColumn] : []),
    {
      key: 'for',
      header: t('source'),
      className: 'max-w-[18rem]',
      testId: 'ledger-for',
      cell: (line) =>
        line.kind === 'entry' ? (
          <EntrySource entry={line.entry} linkDocuments={linkDocuments} chatTitles={chatTitles} chatHref={chatHref} />
        ) : (
          <>
            <span className="block truncate" title={line.credit.reason}>
              {t('topUp', { reason: line.credit.reason })}
            </span>
            {showUser && line.credit.grantedByEmail && (
              <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                {t('grantedBy', { email: line.credit.grantedByEmail })}
              </span>
            )}
          </>
        ),
    },
    {
      key: 'status',
      header: t('status'),
      cell: (line) =>
        line.kind === 'entry' ? <LedgerStatusBadge status={line.entry.status} /> : <Badge tone="green">{t('credit')}</Badge>,
    },
    {
      key: 'calls',
      header: t('calls'),
      align: 'right',
      className: 'tabular-nums',
      cell: (line) => (line.kind === 'entry' ? line.entry.calls.length : '—'),
    },
    {
      key: 'reserved',
      header: t('reserved'),
      align: 'right',
      className: 'text-zinc-500 tabular-nums',
      cell: (line) => (line.kind === 'entry' ? formatUsd(line.entry.reservedMicros, locale) : '—'),
    },
    {
      key: 'charged',
      header: t('charged'),
      align: 'right',
      className: 'font-medium tabular-nums',
      cell: (line) =>
        line.kind === 'entry' ? (
          formatUsd(line.entry.chargedMicros, locale)
        ) : (
          <span className="text-emerald-700 dark:text-emerald-400" data-testid="ledger-credit-amount">
            +{formatUsd(line.credit.amountMicros, locale)}
          </span>
        ),
    },
  ];

  return (
    <DataTable
      look="panel-dense"
      caption={t('caption')}
      columns={columns}
      rows={linesOf(entries, credits)}
      rowKey={(line) => (line.kind === 'entry' ? line.entry.id : line.credit.id)}
      rowAttributes={(line) =>
        line.kind === 'entry' ? { 'data-testid': 'ledger-row', 'data-status': line.entry.status } : { 'data-testid': 'ledger-credit-row' }
      }
      details={(line) =>
        line.kind === 'entry' && open.has(line.entry.id)
          ? { id: `calls-${line.entry.id}`, content: <LedgerCalls calls={line.entry.calls} web={line.entry.web} /> }
          : null
      }
      empty={t('empty')}
      className="min-w-[40rem]"
    />
  );
}

/** What an entry paid for: a document, a chat (the chat may since have been deleted) or neither. */
function EntrySource({
  entry,
  linkDocuments,
  chatTitles,
  chatHref,
}: {
  entry: LedgerEntryJson;
  linkDocuments: boolean;
  chatTitles: Record<string, string>;
  chatHref: (chatId: string, messageId: string | null) => string;
}) {
  const t = useTranslations('wallet.table');
  const titleOf = useChatTitle();
  const chatTitle = entry.chatId ? (chatTitles[entry.chatId] ?? entry.chatTitle ?? undefined) : undefined;
  if (entry.documentId) {
    // pipeline steps and rewrites are charged for the document, not the chat it came from
    return linkDocuments ? (
      <Link href={`/documents/${entry.documentId}`} className="block truncate text-indigo-600 hover:underline dark:text-indigo-400">
        {entry.documentTitle || t('document')}
      </Link>
    ) : (
      <span className="block truncate">{entry.documentTitle || t('document')}</span>
    );
  }
  if (entry.chatId && chatTitle !== undefined) {
    return (
      <Link href={chatHref(entry.chatId, entry.messageId)} className="block truncate text-indigo-600 hover:underline dark:text-indigo-400">
        {titleOf(chatTitle)}
      </Link>
    );
  }
  // the chat was deleted; what it cost stays in the ledger
  if (entry.chatId) return <span className="block truncate text-zinc-500">{t('deletedChat')}</span>;
  return <span className="block truncate">{t('other')}</span>;
}
