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
 * first, a page at a time; opening the document reads them.
 */
export function NotificationList({ notifications }: { notifications: FetchedPage<NotificationJson> }) {
  const t = useTranslations('documents.forYou');
  const list = usePagedList(UNREAD_NOTIFICATIONS, notifications);
  const items = list.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="for-you-title" className="flex flex-col gap-3">
      <h2 id="for-you-title" className="text-base font-semibold">
        {t('title')}
      </h2>
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
                {t('open')}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <LoadMore list={list} />
    </section>
  );
}
