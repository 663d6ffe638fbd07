'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { SectionVersionJson } from './canvas-types';

interface VersionListProps {
  versions: SectionVersionJson[];
  currentVersion: number;
  picked: number[];
  restoring: number | null;
  onToggle(version: number): void;
  onRestore(version: SectionVersionJson): void;
}

/** Newest first; a checkbox per version picks it for the diff. */
export function VersionList({ versions, currentVersion, picked, restoring, onToggle, onRestore }: VersionListProps) {
  const t = useTranslations('canvas.history');
  const format = useFormatter();
  return (
    <ol
      className="flex flex-col divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
      data-testid="version-list"
    >
      {[...versions]
        .sort((a, b) => b.version - a.version)
        .map((item) => {
          const id = `version-${item.version}`;
          return (
            <li
              key={item.version}
              className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm"
              data-testid="version-row"
              data-version={item.version}
              data-kind={item.kind}
            >
              <input
                id={id}
                type="checkbox"
                checked={picked.includes(item.version)}
                onChange={() => onToggle(item.version)}
                className="size-4 accent-indigo-600"
              />
              <label htmlFor={id} className="flex flex-1 flex-wrap items-baseline gap-x-2">
                <span className="font-medium">{t('version', { version: item.version })}</span>
                <span>{t('madeBy', { kind: t(`kinds.${item.kind}`), author: item.author })}</span>
                <time dateTime={item.savedAt} className="text-xs text-zinc-500">
                  {format.dateTime(new Date(item.savedAt), { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
                {item.version === currentVersion && <span className="text-xs text-emerald-700 dark:text-emerald-400">{t('current')}</span>}
              </label>
              {item.version !== currentVersion && (
                <Button
                  size="sm"
                  disabled={restoring !== null}
                  onClick={() => onRestore(item)}
                  aria-label={t('restoreVersion', { version: item.version })}
                >
                  {restoring === item.version ? t('restoring') : t('restore')}
                </Button>
              )}
            </li>
          );
        })}
    </ol>
  );
}
