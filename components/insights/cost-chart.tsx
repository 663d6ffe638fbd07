'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChatMessageJson } from '@/components/api/api-types';
import { formatCount, formatUsd } from '@/components/format/money';
import { type EarlierUsage, type TurnCostPoint, turnCostSeries } from './turn-costs';

const COLORS = { input: '#6366f1', output: '#14b8a6', cumulative: '#f59e0b' };

/**
 * Input and output tokens per answer, cumulative input as a line, each answer's cost in its tooltip, and the chat's total cost.
 * A hover tooltip does not exist on a phone: a tap (or click) on an answer's bars pins its numbers under the chart,
 * and "Numbers" lists every answer's, for touch, keyboard and screen readers alike.
 */
export function CostChart({ messages, earlier }: { messages: ChatMessageJson[]; earlier: EarlierUsage }) {
  const t = useTranslations('insights.chart');
  const locale = useLocale();
  const { points, totalMicros } = turnCostSeries(messages, earlier);
  const count = (value: unknown) => formatCount(Number(value), locale);
  const compact = (value: unknown) => new Intl.NumberFormat(locale, { notation: 'compact' }).format(Number(value));
  const axisWidth = yAxisWidth(
    points.map((p) => Math.max(p.cumulativeInput, p.inputTokens, p.outputTokens)),
    compact,
  );
  const [picked, setPicked] = useState<number | null>(null);
  const [tableOpen, setTableOpen] = useState(false);
  const pickedPoint = points.find((p) => p.turn === picked);
  // The bar (or the empty column above it) that was tapped says which answer it is. The chart's own click
  // reports the answer under the pointer's last move, which a tap on a phone has not updated yet: it named
  // the answer tapped before.
  const pickable = {
    background: { fill: 'transparent' },
    onClick: (item: { payload?: TurnCostPoint }) => {
      const point = item.payload;
      setPicked((current) => (point && current !== point.turn ? point.turn : null));
    },
  };

  return (
    <section aria-labelledby="cost-chart-title" className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="cost-chart-title" className="text-sm font-semibold">
          {t('title')}
        </h2>
        <p className="text-xs text-zinc-500">
          {t('total')}{' '}
          <span className="font-medium text-zinc-800 tabular-nums dark:text-zinc-200" data-testid="chat-total-cost">
            {formatUsd(totalMicros, locale)}
          </span>
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
              <YAxis
                tickLine={false}
                axisLine={false}
                stroke="currentColor"
                strokeOpacity={0.6}
                tickFormatter={compact}
                width={axisWidth}
              />
              <Tooltip
                formatter={(value, name) => [count(value), name]}
                labelFormatter={(turn) => {
                  const point = points.find((p) => p.turn === Number(turn));
                  return t('turnCost', { turn: String(turn), cost: formatUsd(point?.costMicros ?? 0, locale) });
                }}
                contentStyle={{ borderRadius: 8, fontSize: 12 }}
              />
              <Legend iconSize={8} wrapperStyle={{ fontSize: 11 }} />
              <Bar
                dataKey="inputTokens"
                name={t('input')}
                fill={COLORS.input}
                {...pickable}
                radius={[3, 3, 0, 0]}
                maxBarSize={18}
                isAnimationActive={false}
              />
              <Bar
                dataKey="outputTokens"
                name={t('output')}
                fill={COLORS.output}
                {...pickable}
                radius={[3, 3, 0, 0]}
                maxBarSize={18}
                isAnimationActive={false}
              />
              <Line
                dataKey="cumulativeInput"
                name={t('cumulative')}
                type="monotone"
                stroke={COLORS.cumulative}
                strokeWidth={2}
                dot={{ r: 2 }}
                isAnimationActive={false}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </figure>
      )}
      {points.length > 0 && (
        <div className="flex flex-col gap-2 text-xs">
          <p aria-live="polite" className="min-h-4 text-zinc-600 dark:text-zinc-400" data-testid="chart-picked">
            {pickedPoint
              ? t('picked', {
                  turn: String(pickedPoint.turn),
                  input: count(pickedPoint.inputTokens),
                  output: count(pickedPoint.outputTokens),
                  cost: formatUsd(pickedPoint.costMicros, locale),
                })
              : t('tapHint')}
          </p>
          <button
            type="button"
            className="self-start rounded-md font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
            aria-expanded={tableOpen}
            aria-controls="cost-chart-numbers"
            onClick={() => setTableOpen(!tableOpen)}
          >
            {tableOpen ? t('hideNumbers') : t('showNumbers')}
          </button>
          {tableOpen && (
            <table id="cost-chart-numbers" className="w-full text-left tabular-nums" data-testid="chart-numbers">
              <thead className="text-zinc-600 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    {t('answerColumn')}
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right font-medium">
                    {t('input')}
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right font-medium">
                    {t('output')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('costColumn')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.turn} className={p.turn === picked ? 'bg-indigo-50 dark:bg-indigo-950/60' : undefined}>
                    <th scope="row" className="py-1 pr-2 font-normal">
                      {p.turn}
                    </th>
                    <td className="py-1 pr-2 text-right">{count(p.inputTokens)}</td>
                    <td className="py-1 pr-2 text-right">{count(p.outputTokens)}</td>
                    <td className="py-1 text-right">{formatUsd(p.costMicros, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
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
