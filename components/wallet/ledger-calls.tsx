'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { LedgerEntryJson } from '@/components/api/api-types';
import { formatCount, formatUsd } from '@/components/format/money';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';

type Call = LedgerEntryJson['calls'][number];

/**
 * The model calls inside one ledger entry (an answer's continuations and tool rounds are calls of it),
 * and the web searches and page fetches its tools made.
 */
export function LedgerCalls({ calls, web }: { calls: LedgerEntryJson['calls']; web?: LedgerEntryJson['web'] }) {
  const t = useTranslations('wallet.calls');
  const locale = useLocale();
  const columns: DataTableColumn<Call>[] = [
    { key: 'model', header: t('model'), className: 'font-mono', cell: (call) => call.model },
    {
      key: 'purpose',
      header: t('purpose'),
      cell: (call) => (t.has(`purposes.${call.purpose}`) ? t(`purposes.${call.purpose}`) : call.purpose),
    },
    { key: 'status', header: t('status'), cell: (call) => call.status },
    {
      key: 'input',
      header: t('input'),
      align: 'right',
      className: 'tabular-nums',
      cell: (call) => formatCount(call.inputTokens, locale),
    },
    {
      key: 'output',
      header: t('output'),
      align: 'right',
      className: 'tabular-nums',
      cell: (call) => formatCount(call.outputTokens, locale),
    },
    {
      key: 'reasoning',
      header: t('reasoning'),
      align: 'right',
      className: 'tabular-nums',
      cell: (call) => formatCount(call.reasoningTokens, locale),
    },
    { key: 'finish', header: t('finish'), cell: (call) => call.finishReason ?? '—' },
    {
      key: 'cost',
      header: t('cost'),
      align: 'right',
      className: 'tabular-nums',
      cell: (call) => (
        <>
          {call.estimated && <span title={t('estimated')}>≈ </span>}
          {formatUsd(call.costMicros, locale)}
        </>
      ),
    },
  ];

  return (
    <>
      <DataTable
        look="nested"
        caption={t('caption')}
        columns={columns}
        rows={calls}
        // a call has no id of its own; an entry's calls never reorder
        rowKey={(_call, index) => index}
        empty={t('none')}
      />
      {web && web.searches + web.pagesRead > 0 && (
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400" data-testid="ledger-web">
          {t('web', { searches: web.searches, pages: web.pagesRead })}
        </p>
      )}
    </>
  );
}
