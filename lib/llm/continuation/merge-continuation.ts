/**
 * Joins a model's continuation onto the answer it cut off at its output
 * ceiling, removing the artifacts continuations typically carry: a repeat of
 * the last words, a restart of the cut line, a list item / heading / quote /
 * table row glued to the previous line. What was already written is never
 * changed (it is always a prefix of the result), so the same rules can run
 * while the continuation streams and the browser only ever appends.
 */

/** The merge of `prev` and `next` is `prev + insert + next.slice(skip)`. */
export interface MergePlan {
  skip: number;
  insert: string;
}

/** What the rules need to know about the text already written, computed once per continuation. */
export interface WrittenTail {
  text: string;
  /** Overlap start positions (in `text`) that are word boundaries, for overlaps shorter than 12. */
  shortOverlapStarts: ReadonlySet<number>;
  /** The cut last line without its indentation. */
  lastLineText: string;
  lastLineIsTableRow: boolean;
}

const MIN_OVERLAP = 3;
const MAX_OVERLAP = 400;
/** A repeat this long is never an accident, so it counts from anywhere. */
const ANYWHERE_OVERLAP = 12;
const MIN_RESTART = 4;

const wordSegmenter = new Intl.Segmenter('und', { granularity: 'word' });
/** Segmenting a window is enough: only the last 11 positions are asked about, far from the window's cut edge. */
const SEGMENT_WINDOW = 128;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** True when index `at` of `text` falls between the two halves of a surrogate pair. */
function splitsSurrogatePair(text: string, at: number): boolean {
  return at > 0 && at < text.length && isHighSurrogate(text.charCodeAt(at - 1)) && isLowSurrogate(text.charCodeAt(at));
}

function wordBoundariesNearEnd(text: string): Set<number> {
  const starts = new Set<number>();
  const firstCandidate = Math.max(0, text.length - (ANYWHERE_OVERLAP - 1));
  let windowStart = Math.max(0, text.length - SEGMENT_WINDOW);
  if (splitsSurrogatePair(text, windowStart)) windowStart -= 1;
  for (const { index } of wordSegmenter.segment(text.slice(windowStart))) {
    starts.add(windowStart + index);
  }
  const boundaries = new Set<number>();
  for (let at = firstCandidate; at < text.length; at++) {
    if (splitsSurrogatePair(text, at)) continue;
    if (at === 0 || /\s/.test(text[at - 1]) || starts.has(at)) boundaries.add(at);
  }
  return boundaries;
}

export function describeWrittenTail(prev: string): WrittenTail {
  const lastLine = prev.slice(prev.lastIndexOf('\n') + 1);
  const row = lastLine.trim();
  return {
    text: prev,
    shortOverlapStarts: wordBoundariesNearEnd(prev),
    lastLineText: lastLine.replace(/^[ \t]+/, ''),
    lastLineIsTableRow: row.length >= 2 && row.startsWith('|') && row.endsWith('|'),
  };
}

/** Whether a rule applies: known yes, known no, or depends on characters not yet received. */
type Verdict = 'yes' | 'no' | 'pending';

/**
 * Does `body` (so far) begin with `expected`? When `body` stops right after a
 * high surrogate, the next character decides whether the match would split a pair.
 */
function startsWithWhole(body: string, expected: string, complete: boolean): Verdict {
  if (body.length < expected.length) {
    return !complete && expected.startsWith(body) ? 'pending' : 'no';
  }
  if (!body.startsWith(expected)) return 'no';
  if (body.length === expected.length) {
    const endsInHigh = isHighSurrogate(body.charCodeAt(body.length - 1));
    return endsInHigh && !complete ? 'pending' : 'yes';
  }
  return splitsSurrogatePair(body, expected.length) ? 'no' : 'yes';
}

/** Longest repeat of the end of `prev` at the start of `body` (rule 1), or a verdict. */
function findOverlap(tail: WrittenTail, body: string, complete: boolean): number | 'no' | 'pending' {
  const prev = tail.text;
  let longerUndecided = false;
  for (let length = Math.min(MAX_OVERLAP, prev.length); length >= MIN_OVERLAP; length--) {
    const start = prev.length - length;
    if (splitsSurrogatePair(prev, start)) continue;
    if (length < ANYWHERE_OVERLAP && !tail.shortOverlapStarts.has(start)) continue;
    if (body.length > 0 && body.charCodeAt(0) !== prev.charCodeAt(start)) continue;
    const verdict = startsWithWhole(body, prev.slice(start), complete);
    if (verdict === 'pending') longerUndecided = true;
    else if (verdict === 'yes') return longerUndecided ? 'pending' : length;
  }
  return longerUndecided ? 'pending' : 'no';
}

const BLOCK_START = /^(?:\d{1,9}[.)]|[-*•]|#{1,6}|>)[ \t]/;
/** What a block start looks like before its closing space has arrived. */
const BLOCK_START_SO_FAR = /^(?:\d{1,9}[.)]?|[-*•]|#{1,6}|>)$/;
/** The same characters on both sides of the cut continue a number or a marker run ("10"+"2.", "#"+"# "), not a new block. */
const CONTINUES_RUN = /^(?:\d\d|##|>>|--|\*\*)$/;

/** Rule 3: `next` opens a list item, heading, quote or table row on the cut line. */
function startsBlockOnCutLine(tail: WrittenTail, next: string, complete: boolean): Verdict {
  const prev = tail.text;
  // Only indentation since the last line break means the new line has already begun.
  if (/(?:^|\n)[ \t]*$/.test(prev)) return 'no';
  // A continuation that begins with whitespace is ordinary prose ("a" + " - b"): only a glued marker counts.
  if (next === '' || /^\s/.test(next)) return 'no';
  if (CONTINUES_RUN.test(prev[prev.length - 1] + next[0])) return 'no';
  if (next[0] === '|') return tail.lastLineIsTableRow ? 'yes' : 'no';
  if (BLOCK_START.test(next)) return 'yes';
  return !complete && BLOCK_START_SO_FAR.test(next) ? 'pending' : 'no';
}

/**
 * The merge decision for a continuation of which `next` has arrived so far, or
 * undefined when characters not yet received could still change it. With
 * `complete`, `next` is the whole continuation and a plan is always returned.
 */
export function planMerge(tail: WrittenTail, next: string, complete: true): MergePlan;
export function planMerge(tail: WrittenTail, next: string, complete: boolean): MergePlan | undefined;
export function planMerge(tail: WrittenTail, next: string, complete: boolean): MergePlan | undefined {
  const lead = next.length - next.replace(/^\s+/, '').length;
  if (lead === next.length && !complete) return undefined;
  const body = next.slice(lead);

  const overlap = findOverlap(tail, body, complete);
  if (overlap === 'pending') return undefined;
  if (overlap !== 'no') return { skip: lead + overlap, insert: '' };

  const line = tail.lastLineText;
  if (line.length >= MIN_RESTART) {
    const restart = startsWithWhole(body, line, complete);
    if (restart === 'pending') return undefined;
    if (restart === 'yes') return { skip: lead + line.length, insert: '' };
  }

  const block = startsBlockOnCutLine(tail, next, complete);
  if (block === 'pending') return undefined;
  return { skip: 0, insert: block === 'yes' ? '\n' : '' };
}

/** Joins a continuation `next` onto the cut answer `prev`; `prev` is always a prefix of the result. */
export function mergeContinuation(prev: string, next: string): string {
  const plan = planMerge(describeWrittenTail(prev), next, true);
  return prev + plan.insert + next.slice(plan.skip);
}
