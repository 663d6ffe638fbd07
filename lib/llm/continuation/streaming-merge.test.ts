import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeContinuation } from './merge-continuation';
import { createStreamingMerge } from './streaming-merge';

/** Feeds `next` in the given chunks; returns every emission, the last one from end(). */
function stream(prev: string, chunks: string[]): string[] {
  const merge = createStreamingMerge(prev);
  return [...chunks.map((chunk) => merge.push(chunk)), merge.end()];
}

function splitAt(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  return [...points, text.length].map((end, i) => text.slice(i === 0 ? 0 : points[i - 1], end));
}

describe('createStreamingMerge', () => {
  it('shows a continuation that cannot be a repeat at once', () => {
    expect(stream('Hello world.', ['Another', ' sentence'])).toEqual(['Another', ' sentence', '']);
  });

  it('holds a repeat back until it is confirmed, then shows only the new text', () => {
    expect(stream('102. ии', ['102', '. ии', ' и', ' нейросети'])).toEqual(['', '', ' и', ' нейросети', '']);
  });

  it('holds a restarted line back and never shows the duplicate', () => {
    expect(stream('Лучшие серви', ['Лучшие ', 'серви', 'сы для'])).toEqual(['', '', 'сы для', '']);
  });

  it('waits for the space that makes a number a list item', () => {
    expect(stream('последний пункт', ['205', '.', ' Следующий'])).toEqual(['', '', '\n205. Следующий', '']);
  });

  it('releases a would-be list marker when the stream ends', () => {
    expect(stream('итог', ['-'])).toEqual(['', '-']);
  });

  it('holds leading whitespace until the first visible character decides', () => {
    expect(stream('102. ии', ['\n', '102. ии и'])).toEqual(['', ' и', '']);
  });

  it('waits for the character after a high surrogate before taking an overlap that ends on it', () => {
    // prev was cut inside 😀; dropping "12\uD83D" would strand the low half, so nothing is merged
    const prev = 'abc 12\uD83D';
    expect(prev + stream(prev, ['12\uD83D', '\uDE00 rest']).join('')).toBe(mergeContinuation(prev, '12😀 rest'));
    expect(mergeContinuation(prev, '12😀 rest')).toBe(`${prev}12😀 rest`);
  });

  it('never emits half of a surrogate pair', () => {
    expect(stream('Готово', [' \uD83D', '\uDE80 поехали'])).toEqual([' ', '🚀 поехали', '']);
  });
});

// Strings from a small alphabet of markers, spaces, letters of three scripts and emoji, so that
// overlaps, restarts and glued markers occur often; chunks may split surrogate pairs.
const trickyText = fc.string({
  unit: fc.constantFrom('a', 'b', 'ab', ' ', '\n', '|', '1', '2', '.', ')', '-', '#', '>', 'я', '人工', '😀', '\uD83D'),
  maxLength: 40,
});

describe('createStreamingMerge, for any chunking', () => {
  it('emits exactly what the batch merge appends, always as a prefix of it', () => {
    fc.assert(
      fc.property(trickyText, trickyText, fc.array(fc.nat(), { maxLength: 8 }), (prev, next, cuts) => {
        const merged = mergeContinuation(prev, next);
        expect(merged.startsWith(prev)).toBe(true);
        const merge = createStreamingMerge(prev);
        let shown = prev;
        for (const chunk of splitAt(next, cuts)) {
          shown += merge.push(chunk);
          expect(merged.startsWith(shown)).toBe(true);
        }
        expect(shown + merge.end()).toBe(merged);
      }),
      { numRuns: 3000 },
    );
  });
});
