import { useTranslations } from 'next-intl';
import { useDocumentLabels } from './use-document-labels';

const STEP_WEIGHT: Record<string, number> = {
  type: 0.02,
  plan: 0.05,
  questions: 0.08,
  research: 0.15,
  write: 0.2,
  finalize: 0.95,
  done: 1,
};

/** A job that stopped before it was done: the label says so, not the step it stopped at. */
const STOPPED = ['cancelled', 'failed', 'paused'];

interface ProgressProps {
  /** the document's status: a stopped job is labelled by it */
  status?: string;
  step: string;
  sectionsDone: number;
  sectionsTotal: number;
  /** web research so far: searches asked, links read, time spent on both */
  searches?: number;
  fetches?: number;
  fetchMs?: number;
}

/**
 * Step and sections done / total, and what web research did. The bar's value
 * blends the step (early steps are short) with the sections written, so it
 * moves all the way through.
 */
export function ProgressBar({ status, step, sectionsDone, sectionsTotal, searches = 0, fetches = 0, fetchMs = 0 }: ProgressProps) {
  const t = useTranslations('documents');
  const label = useDocumentLabels();
  const base = STEP_WEIGHT[step] ?? 0;
  const writing = step === 'write' && sectionsTotal > 0 ? (0.75 * sectionsDone) / sectionsTotal : 0;
  const percent = Math.round(Math.min(1, base + writing) * 100);
  const stepLabel = status && STOPPED.includes(status) ? label('status', status) : label('steps', step);
  const count = t('sectionsCount', { done: sectionsDone, total: sectionsTotal });
  return (
    <div className="flex flex-col gap-1.5" data-testid="document-progress">
      <div className="flex items-center justify-between text-xs text-zinc-600 dark:text-zinc-400">
        <span data-testid="progress-label">{stepLabel}</span>
        <span data-testid="sections-count" className="tabular-nums">
          {count}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${stepLabel} · ${count}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div className="h-full rounded-full bg-indigo-500 transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
      {searches + fetches > 0 && (
        <p className="text-xs text-zinc-500 tabular-nums" data-testid="research-counts">
          {t('research.counts', { searches, fetches, seconds: (fetchMs / 1000).toFixed(1) })}
        </p>
      )}
    </div>
  );
}
