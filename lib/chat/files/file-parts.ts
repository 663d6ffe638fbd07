import { countTokens } from '@/lib/text/token-count';

/** A part of a file's text the prompt sends whole, and later turns recall by search. */
export interface FilePart {
  number: number;
  label: string;
  text: string;
}

/** A part stays under this: small enough that recall can bring one back, large enough to hold a clause with its context. */
export const FILE_PART_MAX_TOKENS = 600;

/**
 * A read file's paragraphs (pages of a PDF) → its parts: each page is one part, named by its
 * number; other files join consecutive paragraphs up to FILE_PART_MAX_TOKENS, and a paragraph longer
 * than that (a CSV, a code file without blank lines) is cut between lines.
 */
export function toFileParts(unit: 'paragraph' | 'page', paragraphs: readonly string[]): FilePart[] {
  const parts: FilePart[] = [];
  const push = (label: string, text: string) => {
    if (text.trim()) parts.push({ number: parts.length + 1, label, text });
  };
  if (unit === 'page') {
    for (const [i, page] of paragraphs.entries()) push(`page ${i + 1}`, page);
    return parts;
  }
  let first = 0;
  let texts: string[] = [];
  let tokens = 0;
  const flush = (last: number) => {
    if (texts.length) push(first === last ? `paragraph ${first}` : `paragraphs ${first}–${last}`, texts.join('\n\n'));
    texts = [];
    tokens = 0;
  };
  paragraphs.forEach((paragraph, i) => {
    const number = i + 1;
    const size = countTokens(paragraph);
    if (size > FILE_PART_MAX_TOKENS) {
      flush(number - 1);
      for (const piece of cutBetweenLines(paragraph)) push(`paragraph ${number}`, piece);
      first = number + 1;
      return;
    }
    if (tokens + size > FILE_PART_MAX_TOKENS) flush(number - 1);
    if (texts.length === 0) first = number;
    texts.push(paragraph);
    tokens += size;
  });
  flush(paragraphs.length);
  return parts;
}

function cutBetweenLines(text: string): string[] {
  const pieces: string[] = [];
  let lines: string[] = [];
  let tokens = 0;
  for (const line of text.split('\n')) {
    // a single line longer than a part (minified code) is cut by characters: ~4 per token
    for (let at = 0; at < Math.max(1, line.length); at += FILE_PART_MAX_TOKENS * 4) {
      const slice = line.slice(at, at + FILE_PART_MAX_TOKENS * 4);
      const size = countTokens(slice) + 1;
      if (tokens + size > FILE_PART_MAX_TOKENS && lines.length) {
        pieces.push(lines.join('\n'));
        lines = [];
        tokens = 0;
      }
      lines.push(slice);
      tokens += size;
    }
  }
  if (lines.length) pieces.push(lines.join('\n'));
  return pieces;
}
