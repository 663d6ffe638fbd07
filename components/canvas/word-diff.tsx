'use client';

import { diffWords, type ChangeObject } from 'diff';
import { useTranslations } from 'next-intl';
import { memo, useMemo } from 'react';

// Word boundaries for every script the app writes in (CJK has no spaces).
const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'word' }) : undefined;

export function wordChanges(before: string, after: string): ChangeObject<string>[] {
  return diffWords(before, after, segmenter ? { intlSegmenter: segmenter } : {});
}

/** `before` → `after` word by word: removed words struck through, added words underlined. */
export const WordDiff = memo(function WordDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const t = useTranslations('canvas.diff');
  const changes = useMemo(() => wordChanges(before, after), [before, after]);
  const changed = changes.some((change) => change.added || change.removed);
  return (
    <div role="group" aria-label={label} className="whitespace-pre-wrap break-words text-sm leading-6" data-testid="word-diff">
      {!changed && <p className="mb-1 text-xs text-zinc-500">{t('identical')}</p>}
      {changes.map((change, index) =>
        change.added ? (
          <ins key={index} className="rounded-sm bg-emerald-100 text-emerald-900 no-underline dark:bg-emerald-950 dark:text-emerald-200">
            <span className="sr-only">[{t('added')}: </span>
            {change.value}
            <span className="sr-only">]</span>
          </ins>
        ) : change.removed ? (
          <del key={index} className="rounded-sm bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200">
            <span className="sr-only">[{t('removed')}: </span>
            {change.value}
            <span className="sr-only">]</span>
          </del>
        ) : (
          <span key={index}>{change.value}</span>
        ),
      )}
    </div>
  );
});
