'use client';

import { useTranslations } from 'next-intl';
import { Button } from './button';

/** The end of a paged list: "Show more" while another page follows, and why the last try failed. */
export function LoadMore({
  list,
  className,
}: {
  list: { hasMore: boolean; loading: boolean; error: string | null; loadMore: () => Promise<void> };
  className?: string;
}) {
  const t = useTranslations('common');
  if (!list.hasMore && !list.error) return null;
  return (
    <div className={className ?? 'flex flex-col items-center gap-1 py-2'}>
      {list.error && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {list.error}
        </p>
      )}
      {list.hasMore && (
        <Button size="sm" variant="ghost" onClick={() => void list.loadMore()} disabled={list.loading} aria-busy={list.loading}>
          {list.loading ? t('loading') : t('showMore')}
        </Button>
      )}
    </div>
  );
}
