'use client';

import { RefreshCw, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { RemoteSave } from './use-live-sections';

const QUIET =
  'flex items-center gap-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:border-sky-900 dark:bg-sky-950/60 dark:text-sky-100';

/**
 * At the top of the canvas: someone else saved a section, which now shows
 * their text. Quiet (a status, not an alert): it names who and where, and
 * Show brings that section into view.
 */
export function LiveSaveBanner({ save, onDismiss }: { save: RemoteSave | null; onDismiss(): void }) {
  const t = useTranslations('canvas.live');
  return (
    <div role="status" aria-live="polite" className="sticky top-2 z-30 empty:hidden">
      {save && (
        <div data-testid="live-save-banner" className={`${QUIET} shadow-sm`}>
          <RefreshCw className="size-4 shrink-0 text-sky-600 dark:text-sky-300" aria-hidden />
          <p className="flex-1">{t('saved', { name: save.name, position: save.position })}</p>
          <Button
            size="sm"
            onClick={() => {
              document.querySelector(`[data-section-id="${save.sectionId}"]`)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
              onDismiss();
            }}
          >
            {t('show')}
          </Button>
          <Button size="sm" variant="ghost" aria-label={t('dismiss')} onClick={onDismiss} className="h-6 px-1.5">
            <X className="size-3.5" aria-hidden />
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * Inside the section the person is editing: a newer version arrived, and
 * their text stays where it is until they choose. Show opens the comparison
 * (the conflict dialog: keep mine, or take theirs).
 */
export function SavedWhileEditingNotice({ name, onShow }: { name: string | null; onShow(): void }) {
  const t = useTranslations('canvas.live');
  return (
    <div role="status" data-testid="saved-while-editing" className={QUIET}>
      <p className="flex-1">{name ? t('savedWhileEditing', { name }) : t('newerWhileEditing')}</p>
      <Button size="sm" onClick={onShow}>
        {t('show')}
      </Button>
    </div>
  );
}
