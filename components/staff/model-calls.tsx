'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { StaffModelCallJson } from '@/components/api/api-types';
import { formatCount, formatUsd } from '@/components/format/money';

/** The upstream requests one answer took: first answer, tool rounds, continuations. */
export function ModelCalls({ calls }: { calls: StaffModelCallJson[] }) {
  const t = useTranslations('staff.transcript');
  const tc = useTranslations('wallet.calls');
  const locale = useLocale();
  return (
    <details className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
      <summary
        className="cursor-pointer rounded select-none hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-zinc-100"
        data-testid="model-call-count"
      >
        {t('calls', { count: calls.length })}
      </summary>
      <ol className="mt-2 flex flex-col gap-1 border-l-2 border-zinc-200 pl-3 dark:border-zinc-800">
        {calls.map((call, index) => (
          <li key={index} className="flex flex-wrap gap-x-3 gap-y-0.5" data-testid="model-call">
            <span className="font-medium text-zinc-800 dark:text-zinc-200">
              {index + 1}. {tc.has(`purposes.${call.purpose}`) ? tc(`purposes.${call.purpose}`) : call.purpose}
            </span>
            <span className="font-mono">{call.model}</span>
            <span>{call.status}</span>
            <span className="tabular-nums">
              {t('tokens', { input: formatCount(call.inputTokens, locale), output: formatCount(call.outputTokens, locale) })}
            </span>
            {call.finishReason && <span>{t('finish', { reason: call.finishReason })}</span>}
            <span className="tabular-nums">
              {call.estimated ? '≈ ' : ''}
              {formatUsd(call.costMicros, locale)}
            </span>
            {call.error && <span className="text-red-600 dark:text-red-400">{call.error}</span>}
          </li>
        ))}
      </ol>
    </details>
  );
}
