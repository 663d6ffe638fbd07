'use client';

import { useTranslations } from 'next-intl';
import type { FactFlagJson } from './canvas-types';

/** The fact check's findings for the section's current text (also highlighted in the editor). */
export function FlagsNote({ flags }: { flags: FactFlagJson[] }) {
  const t = useTranslations('canvas.flags');
  if (flags.length === 0) return null;
  return (
    <div role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
      <p className="font-medium">{t('heading')}</p>
      <ul className="mt-1 list-disc pl-5" data-testid="section-flags">
        {flags.map((flag, index) => (
          <li key={`${flag.start}-${index}`}>{t('item', { token: flag.token, kind: t(`kinds.${flag.kind}`) })}</li>
        ))}
      </ul>
    </div>
  );
}
