'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { FetchedPage } from '@/components/api/fetch-page';
import { Badge } from '@/components/ui/badge';
import { LoadMore } from '@/components/ui/load-more';
import { usePagedList } from '@/components/ui/use-paged-list';
import type { DocumentListItemJson } from './document-types';
import { statusTone } from './status-tone';
import { useDocumentLabels } from './use-document-labels';

/** Own and shared documents, newest first: the first page comes with the page, "Show more" reads the next. */
export function DocumentList({ documents }: { documents: FetchedPage<DocumentListItemJson> }) {
  const t = useTranslations('documents');
  const label = useDocumentLabels();
  const list = usePagedList('/api/documents', documents);
  const items = list.items ?? [];
  if (items.length === 0 && !list.hasMore) return <p className="text-sm text-zinc-500">{t('empty')}</p>;
  return (
    <>
      <ul
        className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
        data-testid="document-list"
      >
        {items.map((doc) => (
          <li key={doc.id}>
            <Link
              href={`/documents/${doc.id}`}
              className="flex flex-wrap items-center gap-3 px-4 py-3 hover:bg-zinc-50 dark:hover:bg-zinc-900"
            >
              <span className="min-w-0 flex-1 truncate font-medium">{doc.title}</span>
              {doc.role !== 'owner' && <Badge>{label('roles', doc.role)}</Badge>}
              <span className="text-xs text-zinc-500 tabular-nums">
                {t('sectionsCount', { done: doc.sectionsDone, total: doc.sectionsTotal })}
              </span>
              <Badge tone={statusTone(doc.status)}>{label('status', doc.status)}</Badge>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore list={list} />
    </>
  );
}
