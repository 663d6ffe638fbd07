import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeContinuation } from './merge-continuation';
import { createStreamingMerge } from './streaming-merge';

// Distinct words of four scripts; every text uses each at most once, so the only repeats at a cut are the ones a case adds.
const VOCABULARY = [
  ...'apple river stone cloud maple orbit velvet garden silver planet quartz lantern meadow harbor falcon cobalt thunder window pencil marble'.split(
    ' ',
  ),
  ...'нейросети сервисы лучшие пункт следующий модель ответ данные погода книга город мейкеры звезда дорога окно память песня ветер озеро лампа'.split(
    ' ',
  ),
  // long words, so that some lines outgrow the 400-character overlap window and only the restart rule can merge them
  ...'extraordinary consequence neighbourhood circumstances photographer thunderstorm kaleidoscope responsibility wonderland'.split(' '),
  ...'достопримечательность предприниматель самостоятельность электричество путешественник великолепие воспоминания одновременно'.split(
    ' ',
  ),
  ...'人工智能 发展 我们 今天 讨论 未来 技术 世界 学习 日本語 東京 勉強 音楽 電車 図書館 自然 経済 歴史'.split(' '),
  ...['🚀', '😀', '🌍', '👍🏽', '🎉', '👨‍👩‍👧', '🦊', '🍀'],
];
const isCjk = (word: string) => /^[\u3040-\u30ff\u4e00-\u9fff]/u.test(word);

const LINE_KINDS = ['paragraph', 'numbered', 'bullet', 'nested', 'heading', 'quote', 'table'] as const;
type LineKind = (typeof LINE_KINDS)[number];

function joinWords(words: string[]): string {
  // Chinese and Japanese are written without spaces between words.
  return words.reduce((line, word, i) => (i > 0 && isCjk(word) && isCjk(words[i - 1]) ? line + word : `${line} ${word}`));
}

/** Lays distinct words out as Markdown: paragraphs, numbered and bulleted lists, headings, quotes, tables. */
function layOut(words: string[], kinds: { kind: LineKind; size: number; gap: boolean }[], firstNumber: number): string {
  const lines: string[] = [];
  let number = firstNumber;
  let rest = words;
  for (const { kind, size, gap } of kinds) {
    if (rest.length === 0) break;
    const take = rest.slice(0, kind === 'table' ? 4 : size);
    rest = rest.slice(take.length);
    if (gap && lines.length > 0) lines.push('');
    const text = joinWords(take);
    if (kind === 'paragraph') lines.push(text);
    if (kind === 'numbered') lines.push(`${number++}. ${text}`);
    if (kind === 'bullet') lines.push(`- ${text}`);
    if (kind === 'nested') lines.push(`  - ${text}`);
    if (kind === 'heading') lines.push(`## ${text}`);
    if (kind === 'quote') lines.push(`> ${text}`);
    if (kind === 'table') {
      lines.push(`| ${take.slice(0, 2).join(' | ')} |`, '|---|---|');
      if (take.length > 2) lines.push(`| ${take.slice(2).join(' | ')} |`);
    }
  }
  return lines.join('\n');
}

const markdownText = fc
  .tuple(
    fc.shuffledSubarray(VOCABULARY, { minLength: 1, maxLength: VOCABULARY.length }),
    fc.array(fc.record({ kind: fc.constantFrom(...LINE_KINDS), size: fc.integer({ min: 1, max: 70 }), gap: fc.boolean() }), {
      minLength: 1,
      maxLength: 12,
    }),
    fc.integer({ min: 1, max: 300 }),
  )
  .map(([words, kinds, firstNumber]) => layOut(words, kinds, firstNumber));

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** The spec's word boundary: start of text, after whitespace, or where Intl.Segmenter puts one. */
function isWordBoundary(text: string, at: number): boolean {
  if (at === 0 || /\s/.test(text[at - 1])) return true;
  return [...segmenter.segment(text)].some((segment) => segment.index === at);
}

/** Cut positions between code points: the provider sends decoded text, so a cut never falls inside a pair. */
function codePointStarts(text: string): number[] {
  const starts = [0];
  for (const char of text) starts.push(starts[starts.length - 1] + char.length);
  return starts;
}

const leadingWhitespace = (text: string) => text.length - text.trimStart().length;

interface Case {
  original: string;
  prev: string;
  next: string;
}

/**
 * A text cut somewhere and continued the way models do: straight on, repeating 3..400 characters of
 * the tail (from a word boundary, or 12+ from anywhere), or restarting the cut line.
 */
const continuationCase = fc
  .record({
    original: markdownText,
    cut: fc.nat(),
    mode: fc.constantFrom('straight', 'repeat', 'restart', 'preface', 'ellipsis', 'scratch'),
    repeatStart: fc.nat(),
    lead: fc.constantFrom('', ' ', '\n'),
    preface: fc.constantFrom('Continuing from where I left off:\n', 'Sure, here is the rest:\n\n', '(continued)\n', 'Continuing:\n'),
  })
  .map(({ original, cut, mode, repeatStart, lead, preface }): Case | undefined => {
    const cuts = codePointStarts(original);
    const at = cuts[cut % cuts.length];
    const prev = original.slice(0, at);
    const rest = original.slice(at);
    if (mode === 'straight') return { original, prev, next: rest };
    // the seams real models add: a note before the rest, an ellipsis at the cut, the whole answer again
    // (a cut where the text itself repeats is ambiguous with or without the seam)
    const plain = /^\s/.test(rest) || isAmbiguous({ original, prev, next: rest });
    if (mode === 'preface') return plain ? undefined : { original, prev, next: preface + rest };
    if (mode === 'ellipsis') return plain ? undefined : { original, prev, next: `...${rest}` };
    if (mode === 'scratch') {
      const ending = prev.slice(-40);
      return prev.length >= 80 && original.indexOf(ending) === original.lastIndexOf(ending)
        ? { original, prev, next: original }
        : undefined;
    }
    if (mode === 'restart') {
      const line = prev.slice(prev.lastIndexOf('\n') + 1).trimStart();
      return line.length >= 4 ? { original, prev, next: lead + line + rest } : undefined;
    }
    const starts = cuts.filter(
      (start) => at - start >= 3 && at - start <= 400 && !/\s/.test(prev[start]) && (at - start >= 12 || isWordBoundary(prev, start)),
    );
    if (starts.length === 0) return undefined;
    return { original, prev, next: lead + prev.slice(starts[repeatStart % starts.length]) + rest };
  })
  .filter((c): c is Case => c !== undefined);

/**
 * Excluded: cases where the original itself repeats at the cut (the end of prev reappears, longer than
 * the repeat the case added, at the start of the continuation, or the cut line is restarted by the text
 * itself); no merge can tell those from a model's repeat.
 */
function isAmbiguous({ prev, next, original }: Case): boolean {
  // a cut between two Latin letters whose halves are each a whole word ("thunder" + "storm") reads the same
  // as a continuation that dropped the space between two words: the merge may give the space back
  if (/[A-Za-z]$/.test(prev) && /^[A-Za-z]/.test(next) && mergeContinuation(prev, next) === `${prev} ${next}`) return true;
  const body = next.slice(leadingWhitespace(next));
  const added = next.length - (original.length - prev.length) - leadingWhitespace(next);
  const line = prev.slice(prev.lastIndexOf('\n') + 1).trimStart();
  if (added <= 0 && line.length >= 4 && body.startsWith(line)) return true;
  for (let length = Math.max(3, added + 1); length <= Math.min(400, prev.length, body.length); length++) {
    if (prev.endsWith(body.slice(0, length))) return true;
  }
  return false;
}

function splitAt(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  return [...points, text.length].map((end, i) => text.slice(i === 0 ? 0 : points[i - 1], end));
}

describe('mergeContinuation on generated Markdown in four scripts', () => {
  it('reconstructs the original text wherever it was cut and however the model continued', () => {
    fc.assert(
      fc.property(continuationCase, (c) => {
        fc.pre(!isAmbiguous(c));
        expect(mergeContinuation(c.prev, c.next)).toBe(c.original);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps what was written as a prefix, ambiguous cases included', () => {
    fc.assert(
      fc.property(continuationCase, (c) => {
        expect(mergeContinuation(c.prev, c.next).startsWith(c.prev)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the same text streamed in any chunks as merged at once, emitting whole characters', () => {
    fc.assert(
      fc.property(continuationCase, fc.array(fc.nat(), { maxLength: 12 }), (c, cuts) => {
        const merge = createStreamingMerge(c.prev);
        const emitted = [...splitAt(c.next, cuts).map((chunk) => merge.push(chunk)), merge.end()];
        expect(emitted.every((piece) => piece.isWellFormed())).toBe(true);
        expect(c.prev + emitted.join('')).toBe(mergeContinuation(c.prev, c.next));
      }),
      { numRuns: 2000 },
    );
  });
});
