'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { TranscriptRowJson } from '@/components/api/api-types';
import { useChatTitle } from '@/components/chat/use-chat-title';
import { LocalTime } from '@/components/format/local-time';
import { Badge } from '@/components/ui/badge';

export function TranscriptList({ rows }: { rows: TranscriptRowJson[] }) {
  const t = useTranslations('staff.transcripts');
  const titleOf = useChatTitle();
  if (rows.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-10 text-center text-sm text-zinc-500 dark:border-zinc-700">
        {t('empty')}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">{t('caption')}</caption>
        <thead className="bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-900">
          <tr>
            <th scope="col" className="px-4 py-2.5 text-left font-medium">
              {t('user')}
            </th>
            <th scope="col" className="px-2 py-2.5 text-left font-medium">
              {t('chatTitle')}
            </th>
            <th scope="col" className="px-2 py-2.5 text-left font-medium">
              {t('lastActivity')}
            </th>
            <th scope="col" className="px-4 py-2.5 text-left font-medium">
              {t('problems')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.chatId}
              className="border-t border-zinc-200 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:bg-zinc-900/60"
              data-testid="staff-transcript-row"
            >
              <td className="px-4 py-2.5 text-zinc-600 dark:text-zinc-400">{row.user}</td>
              <td className="max-w-[22rem] px-2 py-2.5">
                <Link
                  href={`/staff/transcripts/${row.chatId}`}
                  className="flex items-center gap-2 font-medium text-zinc-900 hover:text-indigo-600 hover:underline dark:text-zinc-100 dark:hover:text-indigo-400"
                >
                  <span className="truncate">{titleOf(row.title)}</span>
                  {row.status === 'closed' && <Badge>{t('closed')}</Badge>}
                </Link>
              </td>
              <td className="px-2 py-2.5 whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                <LocalTime iso={row.lastMessageAt} />
              </td>
              <td className="px-4 py-2.5">
                <span className="flex flex-wrap gap-1.5">
                  {row.statuses.stopped > 0 && <Badge>{t('countStopped', { count: row.statuses.stopped })}</Badge>}
                  {row.statuses.truncated > 0 && <Badge tone="amber">{t('countTruncated', { count: row.statuses.truncated })}</Badge>}
                  {row.statuses.error > 0 && <Badge tone="red">{t('countError', { count: row.statuses.error })}</Badge>}
                  {row.statuses.stopped + row.statuses.truncated + row.statuses.error === 0 && (
                    <span className="text-xs text-zinc-500">—</span>
                  )}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
