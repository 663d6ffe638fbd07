import type { ContinuationArtifact } from '../directives';
import { hashText } from '../seeded';

/**
 * The ways real models botch a continuation, acted out on purpose so Quire's
 * merge is tested against them. `rest` is what correctly follows `tail`.
 */
export function applyContinuationArtifact(artifact: ContinuationArtifact, tail: string, rest: string): string {
  switch (artifact) {
    case 'repeat-tail':
      return repeatedTailEnd(tail) + rest;
    case 'restart-line':
      return restartedLine(tail) + rest;
    case 'no-newline':
      return joinsNextBlock(rest) ? rest.replace(/^(\r?\n)+/, '') : rest;
    case 'none':
      return rest;
  }
}

/** Overlaps under this many characters only count from a word boundary in Quire's merge (docs/architecture.md). */
const SHORT_OVERLAP = 12;
const MAX_REPEAT = 60;

/**
 * The last 1..60 characters of the tail. A short repeat is widened to start
 * at a word boundary, as a model repeats whole words: a repeat starting
 * mid-word and shorter than 12 characters is indistinguishable from a real
 * word like "мейкейкеры", and no merge may remove it.
 */
export function repeatedTailEnd(tail: string): string {
  const wanted = 1 + (hashText(tail) % MAX_REPEAT);
  let start = Math.max(0, tail.length - wanted);
  while (start > 0 && !/\s/u.test(tail[start - 1]) && tail.length - start < MAX_REPEAT) start -= 1;
  const atBoundary = start === 0 || /\s/u.test(tail[start - 1]);
  if (!atBoundary && tail.length - start < SHORT_OVERLAP) start = Math.max(0, tail.length - SHORT_OVERLAP);
  return tail.slice(start);
}

/** Lines longer than this restart from their last sentence instead: no model re-sends a whole page. */
const MAX_RESTART = 300;

/** The cut line from its beginning (or, for a very long line, from its last sentence or word). */
export function restartedLine(tail: string): string {
  const line = tail.slice(tail.lastIndexOf('\n') + 1);
  if (line.length <= MAX_RESTART) return line;
  const window = line.slice(-MAX_RESTART);
  const sentenceStart = window.search(/(?<=[.!?。！？]\s?)[^\s.!?。！？][^.!?。！？]*$/u);
  if (sentenceStart > 0) return window.slice(sentenceStart);
  const space = window.indexOf(' ');
  return space >= 0 ? window.slice(space + 1) : window;
}

/** A cut exactly at a line end, followed by a list item, table row, heading or quote. */
function joinsNextBlock(rest: string): boolean {
  return /^(\r?\n)+(?:\d+[.)]\s|[-*+]\s|#{1,6}\s|\||>)/u.test(rest);
}
