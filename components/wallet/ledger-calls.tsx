'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { LedgerEntryJson } from '@/components/api/api-types';
import { formatCount, formatUsd } from '@/components/format/money';

/** The model calls inside one ledger entry (an answer's continuations and tool rounds are calls of it). */
export function LedgerCalls({ calls }: { calls: LedgerEntryJson['calls'] }) {
  const t = useTranslations('wallet.calls');
  const locale = useLocale();
  if (calls.length === 0) return <p className="px-4 py-3 text-xs text-zinc-500">{t('none')}</p>;
  return (
    <table className="w-full text-xs">
      <caption className="sr-only">{t('caption')}</caption>
      <thead className="text-zinc-500">
        <tr>
          <th scope="col" className="px-4 py-2 text-left font-medium">
            {t('model')}
          </th>
          <th scope="col" className="px-2 py-2 text-left font-medium">
            {t('purpose')}
          </th>
          <th scope="col" className="px-2 py-2 text-left font-medium">
            {t('status')}
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            {t('input')}
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            {t('output')}
          </th>
          <th scope="col" className="px-2 py-2 text-right font-medium">
            {t('reasoning')}
          </th>
          <th scope="col" className="px-2 py-2 text-left font-medium">
            {t('finish')}
          </th>
          <th scope="col" className="px-4 py-2 text-right font-medium">
            {t('cost')}
          </th>
        </tr>
      </thead>
      <tbody>
        {calls.map((call, index) => (
          <tr key={index} className="border-t border-zinc-200/70 dark:border-zinc-800">
            <td className="px-4 py-1.5 font-mono">{call.model}</td>
            <td className="px-2 py-1.5">{t.has(`purposes.${call.purpose}`) ? t(`purposes.${call.purpose}`) : call.purpose}</td>
            <td className="px-2 py-1.5">{call.status}</td>
            <td className="px-2 py-1.5 text-right tabular-nums">{formatCount(call.inputTokens, locale)}</td>
            <td className="px-2 py-1.5 text-right tabular-nums">{formatCount(call.outputTokens, locale)}</td>
            <td className="px-2 py-1.5 text-right tabular-nums">{formatCount(call.reasoningTokens, locale)}</td>
            <td className="px-2 py-1.5">{call.finishReason ?? '—'}</td>
            <td className="px-4 py-1.5 text-right tabular-nums">
              {call.estimated && <span title={t('estimated')}>≈ </span>}
              {formatUsd(call.costMicros, locale)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
