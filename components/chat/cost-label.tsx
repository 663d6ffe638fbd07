'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatUsd } from '@/components/format/money';
import { Tooltip } from '@/components/ui/tooltip';

interface Usage {
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  estimated: boolean;
}

/** The answer's cost; its tokens in a tooltip (focusable, so keyboards reach it too). */
export function CostLabel({ costMicros, usage }: { costMicros: number; usage: Usage }) {
  const t = useTranslations('chat.cost');
  const locale = useLocale();
  const cost = formatUsd(costMicros, locale);
  return (
    <Tooltip
      content={
        <span className="flex flex-col gap-0.5 tabular-nums">
          <span>{t('input', { count: usage.inputTokens })}</span>
          <span>{t('output', { count: usage.outputTokens })}</span>
          {usage.reasoningTokens > 0 && <span>{t('reasoning', { count: usage.reasoningTokens })}</span>}
          {usage.estimated && <span className="opacity-80">{t('estimatedNote')}</span>}
        </span>
      }
    >
      <button
        type="button"
        className="rounded px-1 tabular-nums hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-zinc-100"
        aria-label={t('label', { cost })}
      >
        {/* labelled: beside it, "What the model saw" has a cost of its own (the prompt's share) */}
        {t('shown', { cost: usage.estimated ? `≈ ${cost}` : cost })}
      </button>
    </Tooltip>
  );
}
