import { describe, expect, it } from 'vitest';
import { linesShownSince, listsToReadNext } from '@/components/wallet/ledger-pages';

const at = (...times: string[]) => times.map((createdAt) => ({ createdAt }));

describe('a ledger of entries and top-ups read page by page', () => {
  it('shows every line while no list has pages left', () => {
    expect(
      linesShownSince([
        { items: at('2026-03', '2026-01'), hasMore: false },
        { items: at('2026-02'), hasMore: false },
      ]),
    ).toBeNull();
    expect(
      linesShownSince([
        { items: null, hasMore: false },
        { items: [], hasMore: false },
      ]),
    ).toBeNull();
  });

  it("holds back the other list's lines older than what a list with more pages has read, and reads that list next", () => {
    const entries = { name: 'entries', items: at('2026-05', '2026-04'), hasMore: true };
    const credits = { name: 'credits', items: at('2026-04-15', '2026-01'), hasMore: false };
    // the January top-up waits: entries between April and January are not read yet
    expect(linesShownSince([entries, credits])).toBe('2026-04');
    expect(listsToReadNext([entries, credits]).map((list) => list.name)).toEqual(['entries']);
  });

  it('with both lists unfinished, stops at the newer of their oldest lines and reads only that list', () => {
    const entries = { name: 'entries', items: at('2026-05', '2026-03'), hasMore: true };
    const credits = { name: 'credits', items: at('2026-04', '2026-02'), hasMore: true };
    expect(linesShownSince([entries, credits])).toBe('2026-03');
    expect(listsToReadNext([entries, credits]).map((list) => list.name)).toEqual(['entries']);
    const level = { ...credits, items: at('2026-04', '2026-03') };
    expect(listsToReadNext([entries, level]).map((list) => list.name)).toEqual(['entries', 'credits']);
  });
});
