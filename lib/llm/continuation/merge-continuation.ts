import { countTokens } from '@/lib/text/token-count';

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
 * A line some models put before a continuation ("Continuing from where I left off:", "Sure, here is the
 * rest:", "(continued)"): it is about the answer, not part of it. Only a short first line that says so.
 */
const PREFACE =
  /^(?:(?:sure|okay|ok|certainly)[,.!]?\s+)?(?:continuing(?:\s+(?:from\s+)?where\s+(?:i|we)\s+left\s+off)?|here(?:'s|\s+is)\s+the\s+(?:rest|continuation)(?:\s+of\s+(?:the|my)\s+answer)?|\(?continued\)?|\(continuing\))\s*[:.…]*[ \t]*(?:\n+|$)/i;
/** How prefaces begin, for telling while one streams whether the line may still become one. */
const PREFACE_OPENINGS = [
  'continuing from where i left off',
  'continuing from where we left off',
  'continuing where i left off',
  '(continued)',
  '(continuing)',
  "here's the rest",
  'here is the rest',
  "here's the continuation",
  'here is the continuation',
].flatMap((phrase) => [phrase, ...['sure, ', 'sure! ', 'okay, ', 'ok, ', 'certainly, ', 'certainly! '].map((lead) => lead + phrase)]);
const MAX_PREFACE = 80;

/** The first line, still open, may yet turn out to be a preface. */
function mayBecomePreface(line: string): boolean {
  const text = line.toLowerCase();
  return text.length < MAX_PREFACE && PREFACE_OPENINGS.some((phrase) => phrase.startsWith(text) || text.startsWith(phrase));
}

/** How much of the continuation's start is a preface or an ellipsis to drop, or 'pending'. */
function framing(body: string, complete: boolean): number | 'pending' {
  const firstLine = body.split('\n', 1)[0]!;
  const preface = PREFACE.exec(body);
  if (preface && preface[0].length <= MAX_PREFACE + 2) return preface[0].length;
  if (!complete && !body.includes('\n') && mayBecomePreface(firstLine)) return 'pending';
  // a continuation opened with "..." or "…" marks the cut, it does not belong in the text
  const ellipsis = /^(?:\.{3}|…)[ \t]?/.exec(body);
  if (ellipsis) return ellipsis[0].length;
  if (!complete && /^\.{1,2}$/.test(body)) return 'pending';
  return 0;
}

/** How many opening characters of the written text a restart from scratch must repeat before it counts as one. */
const SCRATCH_ANCHOR = 40;

/**
 * A model that starts the whole answer again: `body` opens with the answer's own opening. Skips to where the
 * written text ends inside it (its last 40 characters found again), or 'pending' while that can still come.
 */
function restartFromScratch(tail: WrittenTail, body: string, complete: boolean): number | 'no' | 'pending' {
  const prev = tail.text;
  if (prev.length < SCRATCH_ANCHOR * 2) return 'no';
  const opening = prev.slice(0, SCRATCH_ANCHOR);
  if (body.length < SCRATCH_ANCHOR) return !complete && opening.startsWith(body) && body.length > 0 ? 'pending' : 'no';
  if (!body.startsWith(opening)) return 'no';
  const ending = prev.slice(-SCRATCH_ANCHOR);
  const at = body.indexOf(ending);
  if (at >= 0 && !splitsSurrogatePair(body, at + ending.length)) return at + ending.length;
  return complete || body.length > prev.length + MAX_OVERLAP ? 'no' : 'pending';
}

/**
 * A continuation in a fresh message seldom opens with a space, even where the cut fell between two words
 * ("own" + "communication" was glued into "owncommunication"). In Latin-script prose the space comes back when
 * both sides are whole words to the tokenizer (each one token after a space; the first three letters or
 * more, the second four or more) and
 * together they are not one (" owncommunication" takes as many tokens as the two apart). A cut inside a word
 * ("communi" + "cation", "extra" + "ordinary") joins into fewer tokens and stays glued. A compound of two whole
 * words ("thunder" + "storm") is the one case the text cannot tell apart from two words; it gets the space.
 * Other scripts are left as they are.
 */
function missingSpace(tail: WrittenTail, body: string, complete: boolean): Verdict {
  const lastWord = /[A-Za-z]+$/.exec(tail.text)?.[0];
  if (!lastWord || !/^[A-Za-z]/.test(body)) return 'no';
  const firstWord = /^[A-Za-z]+/.exec(body)![0];
  if (firstWord.length === body.length && !complete) return 'pending';
  // the written word must start the word: not the tail of a word in another script or after a digit
  if (/[^\s\p{P}\p{S}]$/u.test(tail.text.slice(0, -lastWord.length))) return 'no';
  // a fragment a cut leaves inside a word is short ("fal" + "con"); what follows a dropped space is a word
  if (lastWord.length < 3 || firstWord.length < 4) return 'no';
  const alone = countTokens(` ${lastWord}`) + countTokens(` ${firstWord}`);
  if (alone !== 2) return 'no';
  return countTokens(` ${lastWord}${firstWord}`) >= alone ? 'yes' : 'no';
}

/**
 * The merge decision for a continuation of which `next` has arrived so far, or
 * undefined when characters not yet received could still change it. With
 * `complete`, `next` is the whole continuation and a plan is always returned.
 */
export function planMerge(tail: WrittenTail, next: string, complete: true): MergePlan;
export function planMerge(tail: WrittenTail, next: string, complete: boolean): MergePlan | undefined;
export function planMerge(tail: WrittenTail, next: string, complete: boolean): MergePlan | undefined {
  let lead = next.length - next.replace(/^\s+/, '').length;
  if (lead === next.length && !complete) return undefined;
  const framed = framing(next.slice(lead), complete);
  if (framed === 'pending') return undefined;
  if (framed > 0) {
    lead += framed;
    const rest = next.slice(lead);
    if (rest === '' && !complete) return undefined;
    // after a preface, the continuation's own leading white space is what it means to start with
    if (/^\s/.test(rest) && framed > 0 && /\n$/.test(next.slice(0, lead))) lead += rest.length - rest.replace(/^\s+/, '').length;
  }
  const body = next.slice(lead);

  // the answer again from its first character (its own leading white space included), or from its first word
  const rawStart = framed > 0 ? lead : 0;
  for (const start of rawStart === lead ? [lead] : [rawStart, lead]) {
    const scratch = restartFromScratch(tail, next.slice(start), complete);
    if (scratch === 'pending') return undefined;
    if (scratch !== 'no') return { skip: start + scratch, insert: '' };
  }

  const overlap = findOverlap(tail, body, complete);
  if (overlap === 'pending') return undefined;
  if (overlap !== 'no') return { skip: lead + overlap, insert: '' };

  const line = tail.lastLineText;
  if (line.length >= MIN_RESTART) {
    const restart = startsWithWhole(body, line, complete);
    if (restart === 'pending') return undefined;
    if (restart === 'yes') return { skip: lead + line.length, insert: '' };
  }

  const block = startsBlockOnCutLine(tail, next.slice(framed > 0 ? lead : 0), complete);
  if (block === 'pending') return undefined;
  if (block === 'yes') return { skip: framed > 0 ? lead : 0, insert: '\n' };
  if (framed === 0 && lead > 0) return { skip: 0, insert: '' };
  const space = missingSpace(tail, body, complete);
  if (space === 'pending') return undefined;
  return { skip: framed > 0 ? lead : 0, insert: space === 'yes' ? ' ' : '' };
}

/** Joins a continuation `next` onto the cut answer `prev`; `prev` is always a prefix of the result. */
export function mergeContinuation(prev: string, next: string): string {
  const plan = planMerge(describeWrittenTail(prev), next, true);
  return prev + plan.insert + next.slice(plan.skip);
}
