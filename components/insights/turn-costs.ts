import type { ChatMessageJson } from '@/components/api/api-types';

export interface TurnCostPoint {
  turn: number;
  inputTokens: number;
  outputTokens: number;
  cumulativeInput: number;
  costMicros: number;
}

/**
 * One point per answer: each turn resends the history, so input grows per turn
 * and the cumulative input grows much faster; this makes that visible.
 */
export function turnCostSeries(messages: ChatMessageJson[]): { points: TurnCostPoint[]; totalMicros: number } {
  let cumulativeInput = 0;
  let totalMicros = 0;
  const points: TurnCostPoint[] = [];
  for (const m of messages) {
    totalMicros += m.costMicros;
    if (m.role !== 'assistant' || m.kind === 'event') continue;
    cumulativeInput += m.usage.inputTokens;
    points.push({
      turn: points.length + 1,
      inputTokens: m.usage.inputTokens,
      outputTokens: m.usage.outputTokens,
      cumulativeInput,
      costMicros: m.costMicros,
    });
  }
  return { points, totalMicros };
}
