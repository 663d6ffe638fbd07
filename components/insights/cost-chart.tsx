'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChatMessageJson } from '@/components/api/api-types';
import { formatCount, formatUsd } from '@/components/format/money';
import { turnCostSeries } from './turn-costs';

const COLORS = { input: '#6366f1', output: '#14b8a6', cumulative: '#f59e0b' };

/** Input and output tokens per answer, cumulative input as a line, and the chat's total cost. */
export function CostChart({ messages }: { messages: ChatMessageJson[] }) {
  const t = useTranslations('insights.chart');
  const locale = useLocale();
  const { points, totalMicros } = turnCostSeries(messages);
  const count = (value: unknown) => formatCount(Number(value), locale);
  const compact = (value: unknown) => new Intl.NumberFormat(locale, { notation: 'compact' }).format(Number(value));

  return (
    <section aria-labelledby="cost-chart-title" className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="cost-chart-title" className="text-sm font-semibold">
          {t('title')}
        </h2>
        <p className="text-xs text-zinc-500">
          {t('total')} <span className="font-medium text-zinc-800 tabular-nums dark:text-zinc-200" data-testid="chat-total-cost">{formatUsd(totalMicros, locale)}</span>
        </p>
      </div>
      {points.length === 0 ? (
        <p className="text-xs text-zinc-500">{t('empty')}</p>
      ) : (
        <figure className="h-52 w-full text-[11px]" aria-label={t('description', { turns: points.length })}>
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={points} margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.12} vertical={false} />
              <XAxis dataKey="turn" tickLine={false} axisLine={false} stroke="currentColor" strokeOpacity={0.6} />
              <YAxis tickLine={false} axisLine={false} stroke="currentColor" strokeOpacity={0.6} tickFormatter={compact} width={36} />
              <Tooltip
                formatter={(value, name) => [count(value), name]}
                labelFormatter={(turn) => t('turn', { turn: String(turn) })}
                contentStyle={{ borderRadius: 8, fontSize: 12 }}
              />
              <Legend iconSize={8} wrapperStyle={{ fontSize: 11 }} />
              <Bar dataKey="inputTokens" name={t('input')} fill={COLORS.input} radius={[3, 3, 0, 0]} maxBarSize={18} isAnimationActive={false} />
              <Bar dataKey="outputTokens" name={t('output')} fill={COLORS.output} radius={[3, 3, 0, 0]} maxBarSize={18} isAnimationActive={false} />
              <Line dataKey="cumulativeInput" name={t('cumulative')} type="monotone" stroke={COLORS.cumulative} strokeWidth={2} dot={{ r: 2 }} isAnimationActive={false} />
            </ComposedChart>
          </ResponsiveContainer>
        </figure>
      )}
    </section>
  );
}
