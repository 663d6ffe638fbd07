'use client';

import { CircleExclamationPoint, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ApiError } from '@/components/api/fetch-json';

const TITLE_BY_CODE: Record<string, string> = {
  turn_in_progress: 'busy',
  conflict: 'busy',
  rate_limited: 'rateLimited',
  insufficient_credits: 'noCredits',
  payment_required: 'noCredits',
  network: 'connectionLost',
  reconnecting: 'connectionLost',
};

/**
 * A request the server refused before any answer started, or a connection lost: said plainly, in the
 * chat. A message that never reached the server is back in the box, with "Retry" to send it again.
 */
export function TurnFailure({ failure, onDismiss, onRetry }: { failure: ApiError; onDismiss: () => void; onRetry?: (() => void) | null }) {
  const t = useTranslations('chat.failure');
  const title = t(TITLE_BY_CODE[failure.code] ?? 'generic');
  // the browser's own words for a lost connection ("Failed to fetch") say nothing to a person
  const detail = failure.code === 'reconnecting' ? t('reconnecting') : failure.code === 'network' ? t('notSent') : failure.message;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 sm:px-6" data-testid="turn-failure" data-code={failure.code}>
      <div
        role="alert"
        className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
      >
        <CircleExclamationPoint className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="font-medium">{title}</p>
          <p className="mt-0.5 text-red-700 dark:text-red-300">{detail}</p>
        </div>
        {failure.code === 'network' && onRetry && (
          <button
            type="button"
            onClick={onRetry}
            className="rounded-md border border-red-300 bg-white px-2.5 py-1 text-sm font-medium text-red-800 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-500 dark:border-red-800 dark:bg-red-950 dark:text-red-200 dark:hover:bg-red-900/50"
            data-testid="retry-send"
          >
            {t('retry')}
          </button>
        )}
        <button
          type="button"
          onClick={onDismiss}
          className="rounded p-0.5 text-red-700 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-500 dark:text-red-300 dark:hover:bg-red-900/50"
          aria-label={t('dismiss')}
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
