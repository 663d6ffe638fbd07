'use client';

import { Loader2, Undo2, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { RewritePhase } from './use-rewrite';

interface RewriteStatusProps {
  phase: RewritePhase;
  onUndo(): void;
  onDismiss(): void;
}

const ERROR_KEY: Record<number, string> = {
  400: 'invalidRange',
  402: 'credits',
  403: 'forbidden',
  404: 'notFound',
  422: 'unprocessable',
  429: 'rateLimited',
};

/** Under the section: the rewrite in progress, its result with Undo, or why it failed. */
export function RewriteStatus({ phase, onUndo, onDismiss }: RewriteStatusProps) {
  const t = useTranslations('canvas.rewrite');
  if (phase.kind === 'idle' || phase.kind === 'proposal') return null;

  if (phase.kind === 'failed') {
    const key = phase.code === 'unsaved' ? 'unsaved' : (ERROR_KEY[phase.status] ?? 'generic');
    return (
      <div
        role="alert"
        data-testid="rewrite-error"
        className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
      >
        <p className="flex-1">{t(`errors.${key}`, { message: phase.message })}</p>
        <DismissButton label={t('dismiss')} onClick={onDismiss} />
      </div>
    );
  }

  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="rewrite-status"
      data-phase={phase.kind}
      className="flex items-center gap-2 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      {(phase.kind === 'working' || phase.kind === 'undoing') && <Loader2 className="size-4 animate-spin text-indigo-500" aria-hidden />}
      <p className="flex-1">
        {phase.kind === 'working' && t('working', { instruction: phase.instruction })}
        {phase.kind === 'undoing' && t('undoing')}
        {phase.kind === 'applied' && (phase.highlighted ? t('applied') : t('appliedFaded'))}
        {phase.kind === 'undone' && (phase.savedAs === null ? t('undoneUnchanged') : t('undone', { version: phase.savedAs }))}
      </p>
      {phase.kind === 'applied' && (
        <Button size="sm" onClick={onUndo}>
          <Undo2 className="size-3.5" aria-hidden />
          {t('undo')}
        </Button>
      )}
      {(phase.kind === 'applied' || phase.kind === 'undone') && <DismissButton label={t('dismiss')} onClick={onDismiss} />}
    </div>
  );
}

function DismissButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Button size="sm" variant="ghost" aria-label={label} onClick={onClick} className="h-6 px-1.5">
      <X className="size-3.5" aria-hidden />
    </Button>
  );
}
