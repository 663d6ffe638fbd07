'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { TranscriptRowJson } from '@/components/api/api-types';
import type { FetchedPage } from '@/components/api/fetch-page';
import { useChatTitle } from '@/components/chat/use-chat-title';
import { LocalTime } from '@/components/format/local-time';
import { Badge } from '@/components/ui/badge';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { LoadMore } from '@/components/ui/load-more';
import { usePagedList } from '@/components/ui/use-paged-list';

const chatIdOf = (row: TranscriptRowJson) => row.chatId;

/** The chats to review, newest activity first: the first page comes with the page, "Show more" reads the next. */
export function TranscriptList({ firstUrl, rows }: { firstUrl: string; rows: FetchedPage<TranscriptRowJson> }) {
  const t = useTranslations('staff.transcripts');
  const list = usePagedList(firstUrl, rows, chatIdOf);
  const titleOf = useChatTitle();
  const columns: DataTableColumn<TranscriptRowJson>[] = [
    { key: 'user', header: t('user'), className: 'text-zinc-600 dark:text-zinc-400', cell: (row) => row.user },
    {
      key: 'title',
      header: t('chatTitle'),
      className: 'max-w-[22rem]',
      cell: (row) => (
        <Link
          href={`/staff/transcripts/${row.chatId}`}
          className="flex items-center gap-2 font-medium text-zinc-900 hover:text-indigo-600 hover:underline dark:text-zinc-100 dark:hover:text-indigo-400"
        >
          <span className="truncate">{titleOf(row.title)}</span>
          {row.status === 'closed' && <Badge>{t('closed')}</Badge>}
        </Link>
      ),
    },
    {
      key: 'lastActivity',
      header: t('lastActivity'),
      className: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400',
      cell: (row) => <LocalTime iso={row.lastMessageAt} />,
    },
    {
      key: 'problems',
      header: t('problems'),
      cell: (row) => (
        <span className="flex flex-wrap gap-1.5">
          {row.statuses.stopped > 0 && <Badge>{t('countStopped', { count: row.statuses.stopped })}</Badge>}
          {row.statuses.truncated > 0 && <Badge tone="amber">{t('countTruncated', { count: row.statuses.truncated })}</Badge>}
          {row.statuses.error > 0 && <Badge tone="red">{t('countError', { count: row.statuses.error })}</Badge>}
          {row.statuses.stopped + row.statuses.truncated + row.statuses.error === 0 && <span className="text-xs text-zinc-500">—</span>}
        </span>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-2">
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={list.items ?? []}
        rowKey={(row) => row.chatId}
        rowAttributes={() => ({ className: 'hover:bg-zinc-50 dark:hover:bg-zinc-900/60', 'data-testid': 'staff-transcript-row' })}
        empty={t('empty')}
        className="min-w-[44rem]"
      />
      <LoadMore list={list} />
    </div>
  );
}
