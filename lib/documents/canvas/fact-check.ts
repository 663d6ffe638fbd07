import { codeKey, extractTokens, normalizeNumber, type FactKind } from './fact-tokens';

export interface FactFlag {
  token: string;
  kind: FactKind;
  start: number;
  end: number;
}

export interface FactCheckInput {
  /** The rewritten text (the model's replacement). */
  text: string;
  /** The facts the section was written from. */
  facts: string[];
  /** Other material the text may take figures and names from: the replaced fragment, the person's instruction. */
  allowedSources: string[];
}

/**
 * Code, never a model: flags numbers, dates, codes and proper names of
 * `text` that appear in none of the facts or allowed sources. A flag is a
 * reason to regenerate once, then to show the fragment unapplied.
 */
export function factCheck(input: FactCheckInput): { flags: FactFlag[] } {
  const sources = [...input.facts, ...input.allowedSources];
  const known = indexSources(sources);
  const flags = extractTokens(input.text)
    .filter((token) => !isSupported(token.kind, token.keys, known))
    .map(({ token, kind, start, end }) => ({ token, kind, start, end }));
  return { flags };
}

interface SourceIndex {
  numbers: Set<string>;
  dates: string[][];
  codes: string;
  words: string[];
  text: string;
}

function indexSources(sources: string[]): SourceIndex {
  const text = sources.join('\n');
  const tokens = extractTokens(text);
  const numbers = new Set<string>();
  // Every digit run counts too: a year inside "2024-03-05" supports "2024".
  for (const match of text.matchAll(/\d+(?:[.,]\d+)?/g)) {
    numbers.add(normalizeNumber(match[0]));
    for (const digits of match[0].split(/[.,]/)) numbers.add(normalizeNumber(digits));
  }
  for (const token of tokens) if (token.kind === 'number') for (const key of token.keys) numbers.add(key);
  return {
    numbers,
    dates: tokens.filter((token) => token.kind === 'date').map((token) => token.keys),
    codes: codeKey(text),
    words: (text.match(/[\p{L}\p{M}'’-]+/gu) ?? []).map((word) => word.toLowerCase()),
    text,
  };
}

function isSupported(kind: FactKind, keys: string[], known: SourceIndex): boolean {
  switch (kind) {
    case 'number':
      return keys.some((key) => key.split(' ').every((part) => known.numbers.has(part)));
    case 'date':
      // A less precise date ("March 2024") is supported by a full one ("2024-03-15").
      return known.dates.some((parts) => isSubMultiset(keys, parts)) || (keys.length === 1 && known.numbers.has(keys[0]));
    case 'code':
      return known.codes.includes(keys[0]);
    case 'name':
      return (
        known.text.includes(keys.join(' ')) || keys.every((word) => known.words.some((source) => sameStem(word.toLowerCase(), source)))
      );
  }
}

function isSubMultiset(part: string[], whole: string[]): boolean {
  const pool = [...whole];
  return part.every((item) => {
    const index = pool.indexOf(item);
    if (index < 0) return false;
    pool.splice(index, 1);
    return true;
  });
}

/**
 * Names inflect (Москва, Москве; Пушкин, Пушкина): two words match when
 * they share all but their last two letters, and at least three.
 */
function sameStem(word: string, source: string): boolean {
  if (word === source) return true;
  const needed = Math.max(3, Math.max(word.length, source.length) - 2);
  let common = 0;
  while (common < word.length && common < source.length && word[common] === source[common]) common++;
  return common >= needed;
}
