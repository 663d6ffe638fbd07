import { describe, expect, it } from 'vitest';
import { buildSummaryRequest, planSummaryFold } from './summary-fold';
import type { ContextMessage } from './types';

const history: ContextMessage[] = Array.from({ length: 14 }, (_, i) => ({
  id: `m${i}`,
  role: i % 2 ? 'assistant' : 'user',
  text: `Turn ${i}. ${'Details follow here. '.repeat(30)}`,
}));

describe('summary folding', () => {
  it('waits until enough turns have dropped out, then folds exactly those', () => {
    expect(planSummaryFold(history, { unsummarizedDroppedIds: ['m0', 'm1'] }, { minFoldMessages: 4 })).toBeNull();
    const plan = planSummaryFold(history, { unsummarizedDroppedIds: ['m0', 'm1', 'm2', 'm3'] }, { minFoldMessages: 4 });
    expect(plan?.fold.map((m) => m.id)).toEqual(['m0', 'm1', 'm2', 'm3']);
    expect(plan?.throughId).toBe('m3');
  });

  it('sends the previous summary and the folded turns, assistant answers cut to their gist', () => {
    const request = buildSummaryRequest('User writes a thesis.', history.slice(0, 4), { assistantMaxTokens: 20 });
    const content = request.messages[1].content;
    expect(content).toContain('User writes a thesis.');
    expect(content).toContain('Assistant: Turn 1.');
    expect(request.inputTokens).toBeLessThan(600);
    expect(request.maxOutputTokens).toBeGreaterThan(0);
  });
});
