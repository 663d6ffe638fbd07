'use client';

import { useTranslations } from 'next-intl';
import type { KeyFactJson } from '@/components/api/api-types';
import { LocalTime } from '@/components/format/local-time';

/** Every value the fact has had, newest first; the current one is marked. */
export function KeyFactHistory({ history, id }: { history: KeyFactJson['history']; id: string }) {
  const t = useTranslations('insights.facts');
  const entries = [...history].reverse();
  return (
    <ol id={id} className="mt-2 flex flex-col gap-1.5 border-l-2 border-zinc-200 pl-3 text-xs dark:border-zinc-800">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="flex flex-wrap items-baseline gap-x-2">
          <span
            className={
              entry.value === null
                ? 'text-zinc-500 italic'
                : index === 0
                  ? 'font-medium'
                  : 'text-zinc-500 line-through decoration-zinc-300 dark:decoration-zinc-600'
            }
          >
            {entry.value ?? t('removed')}
          </span>
          {index === 0 && entry.value !== null && (
            <span className="text-[10px] tracking-wide text-emerald-600 uppercase dark:text-emerald-400">{t('current')}</span>
          )}
          <span className="text-zinc-500">
            <LocalTime iso={entry.at} />
            {entry.messageId ? '' : ` · ${t('editedByPerson')}`}
          </span>
        </li>
      ))}
    </ol>
  );
}
