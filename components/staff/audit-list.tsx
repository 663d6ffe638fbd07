'use client';

import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { AuditEventJson } from '@/components/api/api-types';
import type { FetchedPage } from '@/components/api/fetch-page';
import { useChatTitle } from '@/components/chat/use-chat-title';
import { LocalTime } from '@/components/format/local-time';
import { formatUsd } from '@/components/format/money';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { LoadMore } from '@/components/ui/load-more';
import { usePagedList } from '@/components/ui/use-paged-list';
import { type AuditLine, auditLines } from './audit-event';

/** The audit log, newest first: the first page comes with the page, "Show more" reads the next by cursor. */
export function AuditList({ firstUrl, rows }: { firstUrl: string; rows: FetchedPage<AuditEventJson> }) {
  const t = useTranslations('staff.audit');
  const list = usePagedList(firstUrl, rows);
  const who = (row: AuditEventJson) => row.actorEmail ?? <span className="text-zinc-500">{t('noActor')}</span>;
  const columns: DataTableColumn<AuditEventJson>[] = [
    {
      key: 'when',
      header: t('when'),
      className: 'align-top whitespace-nowrap text-zinc-600 dark:text-zinc-400',
      cell: (row) => <LocalTime iso={row.at} />,
    },
    {
      key: 'who',
      header: t('who'),
      className: 'align-top',
      testId: 'audit-actor',
      cell: who,
    },
    { key: 'what', header: t('what'), className: 'align-top', cell: (row) => <AuditAct row={row} /> },
    {
      key: 'where',
      header: t('where'),
      className: 'align-top whitespace-nowrap font-mono text-xs leading-5 text-zinc-600 dark:text-zinc-400',
      testId: 'audit-address',
      cell: (row) => row.address ?? '—',
    },
  ];

  const items = list.items ?? [];
  return (
    <div className="flex flex-col gap-2">
      {/* a phone: a card per entry, the act first (as four columns it was a table scrolled sideways to reach the act) */}
      {items.length > 0 && (
        <ol aria-label={t('caption')} className="flex flex-col gap-2 sm:hidden">
          {items.map((row) => (
            <li
              key={row.id}
              className="rounded-xl border border-zinc-200 p-3 text-sm dark:border-zinc-800"
              data-testid="audit-card"
              data-action={row.action}
            >
              <AuditAct row={row} />
              <p className="mt-2 flex flex-col gap-0.5 border-t border-zinc-200 pt-2 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
                <span className="break-all">
                  <span className="sr-only">{t('who')}: </span>
                  {who(row)}
                </span>
                <span>
                  <span className="sr-only">{t('when')}: </span>
                  <LocalTime iso={row.at} />
                  {row.address && (
                    <>
                      {' · '}
                      <span className="sr-only">{t('where')}: </span>
                      <span className="font-mono">{row.address}</span>
                    </>
                  )}
                </span>
              </p>
            </li>
          ))}
        </ol>
      )}
      <div className={items.length > 0 ? 'hidden sm:block' : undefined}>
        <DataTable
          caption={t('caption')}
          columns={columns}
          rows={items}
          rowKey={(row) => row.id}
          rowAttributes={(row) => ({ 'data-testid': 'audit-row', 'data-action': row.action })}
          empty={t('empty')}
          className="min-w-[44rem]"
        />
      </div>
      <LoadMore list={list} />
    </div>
  );
}

/** The act in words, then what it was done to and the facts it recorded, a line each. */
function AuditAct({ row }: { row: AuditEventJson }) {
  const t = useTranslations('staff.audit');
  const locale = useLocale();
  const titleOf = useChatTitle();
  const known = (key: string, fallback: string) => (t.has(key) ? t(key) : fallback);

  function text(line: AuditLine): ReactNode {
    switch (line.kind) {
      case 'credits':
        return t('lines.credits', { amount: formatUsd(line.amountMicros, locale), account: line.account ?? '—' });
      case 'reason':
        return t('lines.reason', { reason: line.text });
      case 'inviteFor':
        return line.email ? t('lines.inviteFor', { email: line.email }) : t('lines.inviteForAnyone');
      case 'validUntil':
        return t.rich('lines.validUntil', { time: () => <LocalTime iso={line.iso} /> });
      case 'becameRole':
        return t('lines.becameRole', { account: line.account ?? '—', role: known(`roles.${line.role}`, line.role) });
      case 'byStaffList':
        return t('lines.byStaffList');
      case 'chat': {
        const { chatId } = line;
        const link = (chunks: ReactNode) =>
          chatId ? (
            <Link
              href={`/staff/transcripts/${chatId}`}
              className="text-zinc-900 hover:text-indigo-600 hover:underline dark:text-zinc-100 dark:hover:text-indigo-400"
            >
              {chunks}
            </Link>
          ) : (
            chunks
          );
        const title = titleOf(line.title);
        return line.owner ? t.rich('lines.chatOwner', { title, owner: line.owner, link }) : t.rich('lines.chat', { title, link });
      }
      case 'signInLimit':
        return t('lines.signInLimit', { account: line.account ?? '—', perMinute: line.perMinute, scope: line.scope ?? 'other' });
      case 'target':
        return line.label;
      case 'other':
        return t('lines.other', { name: line.name, value: line.value });
    }
  }

  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <span className="font-medium text-zinc-900 dark:text-zinc-100">{known(`actions.${row.action}`, row.action)}</span>
      {auditLines(row).map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row's lines never reorder, so a line is known by its place
        <span key={index} className="text-xs break-words text-zinc-600 dark:text-zinc-400">
          {text(line)}
        </span>
      ))}
    </div>
  );
}
