import { describe, expect, it } from 'vitest';
import { applyKeyFactUpdates } from './apply-key-fact-updates';
import { toKeyFactViews } from './key-fact-views';
import { renderKeyFacts } from './render-key-facts';

const t1 = new Date('2026-01-05T09:00:00Z');
const t2 = new Date('2026-01-05T10:00:00Z');

describe('applySlotUpdates', () => {
  it('records a new slot with its source message and time', () => {
    const { next, changes } = applyKeyFactUpdates([], [{ key: 'os', value: 'Windows 11' }], { messageId: 'm2', at: t1 });
    expect(next).toEqual([{ key: 'os', value: 'Windows 11', history: [{ value: 'Windows 11', messageId: 'm2', at: t1 }] }]);
    expect(changes).toEqual([{ key: 'os', from: null, to: 'Windows 11' }]);
  });

  it('lets the newest value win and keeps the old one in the history', () => {
    const first = applyKeyFactUpdates([], [{ key: 'os', value: 'Windows 11' }], { messageId: 'm2', at: t1 }).next;
    const { next, changes } = applyKeyFactUpdates(first, [{ key: 'os', value: 'macOS' }], { messageId: 'm30', at: t2 });
    expect(next[0].value).toBe('macOS');
    expect(next[0].history.map((entry) => [entry.value, entry.messageId])).toEqual([
      ['Windows 11', 'm2'],
      ['macOS', 'm30'],
    ]);
    expect(changes).toEqual([{ key: 'os', from: 'Windows 11', to: 'macOS' }]);
    expect(first[0].value).toBe('Windows 11'); // the input state is not mutated
  });

  it('treats repeating the current value as no change', () => {
    const first = applyKeyFactUpdates([], [{ key: 'plan', value: 'Pro plan' }], { messageId: 'm1', at: t1 }).next;
    const { next, changes } = applyKeyFactUpdates(first, [{ key: 'plan', value: 'Pro plan' }], { messageId: 'm9', at: t2 });
    expect(changes).toEqual([]);
    expect(next[0].history).toHaveLength(1);
  });

  it('tells the model that a recently changed value changed', () => {
    const first = applyKeyFactUpdates([], [{ key: 'os', value: 'Windows 11' }], { messageId: 'm2', at: t1 }).next;
    const { next } = applyKeyFactUpdates(first, [{ key: 'os', value: 'macOS' }], { messageId: 'm30', at: t2 });
    expect(renderKeyFacts(toKeyFactViews(next, t2))).toContain('OS: macOS (changed from Windows 11)');
    const monthLater = new Date(t2.getTime() + 30 * 24 * 3600 * 1000);
    expect(renderKeyFacts(toKeyFactViews(next, monthLater))).not.toContain('changed from');
  });
});
