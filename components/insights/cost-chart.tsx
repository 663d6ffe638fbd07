'use client';

import { useLocale, useTranslations } from 'next-intl';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChatMessageJson } from '@/components/api/api-types';
import { formatCount, formatUsd } from '@/components/format/money';
import { turnCostSeries } from './turn-costs';

const COLORS = { input: '#6366f1', output: '#14b8a6', cumulative: '#f59e0b' };

/** Input and output tokens per answer, cumulative input as a line, each answer's cost in its tooltip, and the chat's total cost. */
export function CostChart({ messages }: { messages: ChatMessageJson[] }) {
  const t = useTranslations('insights.chart');
  const locale = useLocale();
  const { points, totalMicros } = turnCostSeries(messages);
  const count = (value: unknown) => formatCount(Number(value), locale);
  const compact = (value: unknown) => new Intl.NumberFormat(locale, { notation: 'compact' }).format(Number(value));
  const axisWidth = yAxisWidth(points.map((p) => Math.max(p.cumulativeInput, p.inputTokens, p.outputTokens)), compact);

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
              <YAxis tickLine={false} axisLine={false} stroke="currentColor" strokeOpacity={0.6} tickFormatter={compact} width={axisWidth} />
              <Tooltip
                formatter={(value, name) => [count(value), name]}
                labelFormatter={(turn) => {
                  const point = points.find((p) => p.turn === Number(turn));
                  return t('turnCost', { turn: String(turn), cost: formatUsd(point?.costMicros ?? 0, locale) });
                }}
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

const CHAR_PX = 6.5; // an 11 px digit or letter, roughly

/**
 * Room for the longest tick label: compact numbers are short in English ("12K")
 * but not in Russian ("12 тыс."), where a fixed width cut the number off. The
 * axis rounds its top tick up, so a little above the largest value is measured too.
 */
function yAxisWidth(values: number[], format: (value: number) => string): number {
  const top = Math.max(0, ...values);
  const longest = Math.max(...[top, top * 1.25, top * 0.75, top * 0.5].map((v) => format(Math.round(v)).length));
  return Math.max(36, Math.ceil((longest + 1) * CHAR_PX) + 4);
}
