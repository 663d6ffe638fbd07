'use client';

import { ThumbsUp } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { formatWait } from '@/components/format/duration';
import { formatUsd } from '@/components/format/money';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { AnswerFigures } from './side-answers';

/** One answer's output tokens, cost and time to the first word, with the round's bests named. */
export function ComparisonFigures({ figures, fastest, cheapest }: { figures: AnswerFigures; fastest: boolean; cheapest: boolean }) {
  const t = useTranslations('chat.compare');
  const locale = useLocale();
  const cost = formatUsd(figures.costMicros, locale);
  const wait = figures.firstTokenMs === null ? '—' : formatWait(figures.firstTokenMs, locale);
  const best = 'rounded bg-emerald-50 px-1 font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200';
  return (
    <dl className="mb-2 grid grid-cols-3 gap-2 text-xs text-zinc-600 dark:text-zinc-300" data-testid="answer-figures">
      <div className="min-w-0">
        <dt className="text-zinc-500 dark:text-zinc-400">{t('firstWord')}</dt>
        <dd className="flex flex-wrap items-baseline gap-x-1 tabular-nums" data-testid="figure-first-word">
          {wait}
          {fastest && <span className={best}>{t('fastest')}</span>}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-zinc-500 dark:text-zinc-400">{t('cost')}</dt>
        <dd className="flex flex-wrap items-baseline gap-x-1 tabular-nums" data-testid="figure-cost">
          {figures.estimated ? `≈ ${cost}` : cost}
          {cheapest && <span className={best}>{t('cheapest')}</span>}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-zinc-500 dark:text-zinc-400">{t('tokens')}</dt>
        <dd className="tabular-nums" data-testid="figure-tokens">
          {new Intl.NumberFormat(locale).format(figures.outputTokens)}
        </dd>
      </div>
    </dl>
  );
}

/** Marks this answer as the better one of its round, or takes the mark off (a toggle). */
export function BetterToggle({
  marked,
  model,
  disabled,
  onToggle,
}: {
  marked: boolean;
  model: string;
  disabled: boolean;
  onToggle: () => void;
}) {
  const t = useTranslations('chat.compare');
  return (
    <Button
      size="sm"
      variant={marked ? 'primary' : 'secondary'}
      aria-pressed={marked}
      onClick={onToggle}
      disabled={disabled}
      title={t('betterHint')}
      aria-label={t('betterOf', { model })}
      data-testid="better-answer"
    >
      <ThumbsUp className={cn('size-3', marked && 'fill-current')} aria-hidden />
      {marked ? t('marked') : t('better')}
    </Button>
  );
}
