import type { ChatMessageJson } from '@/components/api/api-types';

export interface TurnCostPoint {
  turn: number;
  inputTokens: number;
  outputTokens: number;
  cumulativeInput: number;
  costMicros: number;
}

/** What the answers before the messages shown used (the chat view's `earlierUsage`). */
export interface EarlierUsage {
  answers: number;
  inputTokens: number;
  costMicros: number;
}

export const NO_EARLIER_USAGE: EarlierUsage = { answers: 0, inputTokens: 0, costMicros: 0 };

/** The chart's newest answers: a long chat's thousands of bars would be too thin to read, and thousands of elements. */
export const CHART_ANSWERS = 60;

/**
 * One point per answer: each turn resends the history, so input grows per turn
 * and the cumulative input grows much faster; this makes that visible. A long
 * chat shows only its newest messages: the answers before them (`earlier`)
 * still count in each point's number, its cumulative input and the total.
 * The points are the newest CHART_ANSWERS answers.
 */
export function turnCostSeries(
  messages: ChatMessageJson[],
  earlier: EarlierUsage = NO_EARLIER_USAGE,
): { points: TurnCostPoint[]; totalMicros: number } {
  let cumulativeInput = earlier.inputTokens;
  let totalMicros = earlier.costMicros;
  let turn = earlier.answers;
  const points: TurnCostPoint[] = [];
  for (const m of messages) {
    totalMicros += m.costMicros;
    if (m.role !== 'assistant' || m.kind === 'event') continue;
    cumulativeInput += m.usage.inputTokens;
    turn += 1;
    points.push({
      turn,
      inputTokens: m.usage.inputTokens,
      outputTokens: m.usage.outputTokens,
      cumulativeInput,
      costMicros: m.costMicros,
    });
  }
  return { points: points.slice(-CHART_ANSWERS), totalMicros };
}

/** What an older page read in front of the shown messages takes off what came before them. */
export function usageLessPage(earlier: EarlierUsage, page: ChatMessageJson[]): EarlierUsage {
  let { answers, inputTokens, costMicros } = earlier;
  for (const m of page) {
    costMicros -= m.costMicros;
    if (m.role !== 'assistant' || m.kind === 'event') continue;
    answers -= 1;
    inputTokens -= m.usage.inputTokens;
  }
  return { answers: Math.max(0, answers), inputTokens: Math.max(0, inputTokens), costMicros: Math.max(0, costMicros) };
}
