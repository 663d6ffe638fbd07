import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import type { DocumentJson } from './document-types';
import { MAX_REQUEST_TEXT_LINKS, UNREAD_LINK_REASONS, type UnreadLinkReason } from '@/lib/documents/intake/unread-links';

type SourceJson = DocumentJson['sources'][number];

/**
 * The document's sources: files, pasted text, links given and pages found by
 * search. A link that could not be read stays listed with the reason, so
 * nothing the person gave is dropped without a word.
 */
export function SourceList({ sources }: { sources: SourceJson[] }) {
  const t = useTranslations('documents.sourceList');
  const locale = useLocale();
  if (sources.length === 0) return null;
  const failed = sources.some((s) => s.status === 'failed');
  return (
    <details className="rounded-lg border border-zinc-200 text-sm dark:border-zinc-800" open={failed} data-testid="source-list">
      <summary className="cursor-pointer px-3 py-2 font-medium text-zinc-700 dark:text-zinc-300">
        {t('title', { count: sources.length })}
      </summary>
      <ul className="flex flex-col divide-y divide-zinc-100 dark:divide-zinc-800">
        {sources.map((source) => (
          <li key={source.id} className="flex flex-col gap-0.5 px-3 py-2" data-testid="source" data-status={source.status}>
            <div className="flex flex-wrap items-center gap-2">
              {source.url ? (
                <a
                  href={source.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="break-all text-indigo-700 hover:underline dark:text-indigo-300"
                >
                  {source.title}
                </a>
              ) : (
                <span>{source.title}</span>
              )}
              {source.status === 'read' && (
                <span className="text-xs text-zinc-500">
                  {t('size', { count: source.paragraphs, unit: source.unit })}
                  {source.url && <> · {t('readOn', { date: new Date(source.readAt).toLocaleDateString(locale) })}</>}
                </span>
              )}
              {source.status === 'pending' && <Badge tone="neutral">{t('pending')}</Badge>}
            </div>
            {source.url && source.title !== source.url && <span className="break-all text-xs text-zinc-500">{source.url}</span>}
            {source.status === 'failed' && (
              <span className="text-xs text-red-700 dark:text-red-300" data-testid="source-reason">
                {isUnreadLinkReason(source.reason)
                  ? t(`unread.${source.reason}`, { max: MAX_REQUEST_TEXT_LINKS })
                  : t('failed', { reason: source.reason ?? '' })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** A link of the request that was never fetched says why by a code, told here in the reader's language; research's own failures are sentences. */
function isUnreadLinkReason(reason: string | null): reason is UnreadLinkReason {
  return (UNREAD_LINK_REASONS as readonly (string | null)[]).includes(reason);
}
