import { describe, expect, it } from 'vitest';
import { countTokens } from '@/lib/text/token-count';
import { FILE_PART_MAX_TOKENS, toFileParts } from './file-parts';

describe('a file’s parts', () => {
  it('keeps a PDF’s page numbers true, skipping blank pages without renumbering', () => {
    expect(toFileParts('page', ['One.', '', 'Three.']).map((p) => [p.number, p.label, p.text])).toEqual([
      [1, 'page 1', 'One.'],
      [2, 'page 3', 'Three.'],
    ]);
  });

  it('joins short paragraphs and names the run; a CSV without blank lines is cut between rows, each part under the cap', () => {
    expect(toFileParts('paragraph', ['a', 'b', 'c']).map((p) => p.label)).toEqual(['paragraphs 1–3']);
    const csv = Array.from({ length: 2_000 }, (_, i) => `row ${i},customer ${i},${i * 7} EUR`).join('\n');
    const parts = toFileParts('paragraph', ['Intro.', csv]);
    expect(parts[0]!.label).toBe('paragraph 1');
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.slice(1).every((p) => p.label === 'paragraph 2' && countTokens(p.text) <= FILE_PART_MAX_TOKENS + 50)).toBe(true);
    expect(
      parts
        .slice(1)
        .map((p) => p.text)
        .join('\n'),
    ).toBe(csv);
  });
});
