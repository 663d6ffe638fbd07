import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { formatWait } from '@/components/format/duration';
import { formatUsd } from '@/components/format/money';
import { DataTable } from '@/components/ui/data-table';
import type { ArenaModel, ArenaPairing, ArenaSummary } from '@/lib/chat/compare/arena';

/**
 * The deployment's model comparison (docs/features.md "Model comparison"): each model's record in the
 * side-by-side rounds whose better answer people marked, then who beat whom.
 */
export async function ArenaSummaryTables({ summary, labelOf }: { summary: ArenaSummary; labelOf: (model: string) => string }) {
  const t = await getTranslations('staff.arena');
  const format = await getFormatter();
  const locale = await getLocale();
  const share = (m: ArenaModel) => format.number(m.rounds ? m.wins / m.rounds : 0, { style: 'percent', maximumFractionDigits: 0 });
  const wait = (ms: number | null) => (ms === null ? '—' : formatWait(ms, locale));
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="arena-rounds">
        {t('rounds', { count: summary.rounds })}
      </p>
      <DataTable
        caption={t('modelsCaption')}
        rows={summary.models}
        rowKey={(m) => m.model}
        empty={t('empty')}
        className="min-w-[40rem]"
        rowAttributes={(m) => ({ 'data-model': m.model })}
        columns={[
          { key: 'model', header: t('model'), cell: (m) => <span className="font-medium">{labelOf(m.model)}</span> },
          { key: 'share', header: t('share'), align: 'right', testId: 'arena-share', cell: share },
          { key: 'wins', header: t('wins'), align: 'right', testId: 'arena-wins', cell: (m) => format.number(m.wins) },
          { key: 'rounds', header: t('compared'), align: 'right', testId: 'arena-compared', cell: (m) => format.number(m.rounds) },
          { key: 'first', header: t('firstWord'), align: 'right', cell: (m) => wait(m.medianFirstTokenMs) },
          { key: 'cost', header: t('cost'), align: 'right', cell: (m) => formatUsd(Math.round(m.averageCostMicros), locale) },
          { key: 'tokens', header: t('tokens'), align: 'right', cell: (m) => format.number(Math.round(m.averageOutputTokens)) },
        ]}
      />
      {summary.pairings.length > 0 && (
        <section className="flex flex-col gap-2">
          <h2 className="text-base font-semibold">{t('pairingsTitle')}</h2>
          <DataTable<ArenaPairing>
            caption={t('pairingsCaption')}
            rows={summary.pairings}
            rowKey={(p) => `${p.winner} ${p.loser}`}
            empty={null}
            columns={[
              { key: 'winner', header: t('winner'), cell: (p) => labelOf(p.winner) },
              { key: 'loser', header: t('loser'), cell: (p) => labelOf(p.loser) },
              { key: 'count', header: t('times'), align: 'right', testId: 'arena-pairing-count', cell: (p) => format.number(p.count) },
            ]}
          />
        </section>
      )}
    </div>
  );
}
