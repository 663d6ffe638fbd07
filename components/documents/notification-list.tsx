'use client';

import { Bell } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { FetchedPage } from '@/components/api/fetch-page';
import { LoadMore } from '@/components/ui/load-more';
import { usePagedList } from '@/components/ui/use-paged-list';
import { UNREAD_NOTIFICATIONS } from './document-types';

export interface NotificationJson {
  id: string;
  kind: string;
  documentId: string | null;
  text: string;
  createdAt: string;
}

/**
 * Unread notifications (a document shared with you, a document ready), newest
 * first, a page at a time; opening the document reads them. On the Documents
 * page (the first page server-rendered, "For you" above it, nothing when there
 * are none) and in the navigation bell's dialog (read when opened, `emptyText`
 * when there are none).
 */
export function NotificationList({ notifications, emptyText }: { notifications?: FetchedPage<NotificationJson>; emptyText?: string }) {
  const t = useTranslations('documents.forYou');
  // the bell's dialog is on every page, where only the shell's messages are sent
  const shell = useTranslations('shell.notifications');
  const list = usePagedList(UNREAD_NOTIFICATIONS, notifications);
  const items = list.items ?? [];
  if (items.length === 0) {
    if (emptyText === undefined || list.items === null) return null;
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">{emptyText}</p>;
  }
  return (
    <section aria-labelledby={emptyText === undefined ? 'for-you-title' : undefined} className="flex flex-col gap-3">
      {emptyText === undefined && (
        <h2 id="for-you-title" className="text-base font-semibold">
          {t('title')}
        </h2>
      )}
      <ul className="flex flex-col gap-2" data-testid="notifications">
        {items.map((n) => (
          <li
            key={n.id}
            data-kind={n.kind}
            className="flex items-center gap-3 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm dark:border-indigo-900 dark:bg-indigo-950/40"
          >
            <Bell className="size-4 shrink-0 text-indigo-700 dark:text-indigo-300" aria-hidden />
            <span className="min-w-0 flex-1">{n.text}</span>
            {n.documentId && (
              <Link
                href={`/documents/${n.documentId}`}
                className="shrink-0 font-medium text-indigo-800 underline-offset-2 hover:underline dark:text-indigo-200"
              >
                {shell('open')}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <LoadMore list={list} />
    </section>
  );
}
