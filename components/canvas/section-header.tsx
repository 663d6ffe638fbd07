'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import type { SaveState } from './canvas-types';

interface SectionHeaderProps {
  headingId: string;
  position: number;
  title: string;
  status: string;
  version: number;
  /** null: nothing to save here (read-only) */
  saveState: SaveState | null;
  saveError: string | null;
  onRetrySave(): void;
  actions: ReactNode;
}

const SAVE_TONE: Record<SaveState, string> = {
  saved: 'text-zinc-500',
  saving: 'text-indigo-600 dark:text-indigo-400',
  unsaved: 'text-amber-700 dark:text-amber-400',
  failed: 'text-red-700 dark:text-red-300',
  conflict: 'font-medium text-red-700 dark:text-red-300',
};

/** Title, pipeline status, version and the save state of one section. */
export function SectionHeader({
  headingId,
  position,
  title,
  status,
  version,
  saveState,
  saveError,
  onRetrySave,
  actions,
}: SectionHeaderProps) {
  const t = useTranslations('canvas');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 id={headingId} className="text-lg font-semibold">
        {position}. {title}
      </h2>
      {status !== 'written' && <Badge tone={status === 'flagged' ? 'amber' : 'neutral'}>{t(`status.${status}`)}</Badge>}
      {version > 0 && <span className="text-xs text-zinc-500">{t('version', { version })}</span>}
      <span className="ml-auto flex items-center gap-2">
        {saveState && (
          <span
            role="status"
            aria-live="polite"
            data-testid="save-state"
            data-state={saveState}
            className={`text-xs ${SAVE_TONE[saveState]}`}
          >
            {saveState === 'failed' ? t('save.failed', { message: saveError ?? '' }) : t(`save.${saveState}`)}
          </span>
        )}
        {saveState === 'failed' && (
          <button type="button" onClick={onRetrySave} className="text-xs font-medium text-red-700 underline dark:text-red-300">
            {t('save.retry')}
          </button>
        )}
        {actions}
      </span>
    </div>
  );
}
