import { collectUnits, isWhitespaceUnit, type EmphasisMark, type InlineUnit } from './inline-chars';
import { writeHref, writeUnits, type WriteOptions } from './markdown-escape';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

type MarkKey = 'link' | EmphasisMark | 'code';
// Code comes last: it is always the innermost mark, since nothing is markup inside a code span.
const MARK_RANK: MarkKey[] = ['link', 'bold', 'italic', 'strike', 'code'];
const DELIMITER: Record<EmphasisMark, string> = { bold: '**', italic: '*', strike: '~~' };

/**
 * A piece of markup around a run of text: `**…**`, `*…*`, `~~…~~` or `[…](url)`.
 * Columns are relative to the line; [from, to) are the editor positions of
 * the marked text. Selection snapping treats [outerStart, outerEnd) as atomic
 * unless the selection stays inside [innerStart, innerEnd).
 */
export interface MarkupSpan {
  from: number;
  to: number;
  outerStart: number;
  innerStart: number;
  innerEnd: number;
  outerEnd: number;
}

/** One written textblock: its text and where each editor position landed. */
export interface InlineLine {
  text: string;
  /** Per unit (one editor position each): the columns of what was written for it. */
  units: Array<{ pos: number; start: number; end: number }>;
  spans: MarkupSpan[];
}

interface Delimiter {
  key: MarkKey;
  opens: boolean;
  col: number;
  length: number;
  span: number;
}

interface Emitted {
  text: string;
  starts: number[];
  ends: number[];
  spans: Array<MarkupSpan & { key: MarkKey; firstUnit: number; endUnit: number }>;
  delimiters: Delimiter[];
}

export function serializeInline(
  textblock: ProseMirrorNode,
  contentStart: number,
  options: WriteOptions,
  readsBackAs: (line: string) => InlineUnit[] | null,
): InlineLine {
  const units = collectUnits(textblock, contentStart);
  let emitted = emitWithValidEmphasis(units, options);
  // The flanking rules above cover the cases we know; reading the line back
  // is the proof. If the parser disagrees, emphasis in this block is dropped
  // rather than stored as text that would not round-trip.
  if (units.some((unit) => unit.bold || unit.italic || unit.strike || unit.code) && !sameEmphasis(units, readsBackAs(emitted.text))) {
    for (const unit of units) unit.bold = unit.italic = unit.strike = false;
    emitted = emit(units, writeUnits(units, options));
    // Code spans last: if even they do not read back, the code is kept as escaped text.
    if (units.some((unit) => unit.code) && !sameEmphasis(units, readsBackAs(emitted.text))) {
      for (const unit of units) unit.code = false;
      emitted = emit(units, writeUnits(units, options));
    }
  }
  return {
    text: emitted.text,
    units: units.map((unit, index) => ({ pos: unit.pos, start: emitted.starts[index], end: emitted.ends[index] })),
    spans: emitted.spans.map(({ from, to, outerStart, innerStart, innerEnd, outerEnd }) => ({
      from,
      to,
      outerStart,
      innerStart,
      innerEnd,
      outerEnd,
    })),
  };
}

function emitWithValidEmphasis(units: InlineUnit[], options: WriteOptions): Emitted {
  for (;;) {
    const emitted = emit(units, writeUnits(units, options));
    const invalid = invalidEmphasisSpans(emitted);
    if (invalid.length === 0) return emitted;
    for (const span of invalid) {
      // `** a**` is not bold: first move edge whitespace out of the mark;
      // only a mark that is still invalid without it is dropped.
      const mark = span.key as EmphasisMark;
      let first = span.firstUnit;
      let end = span.endUnit;
      while (first < end && isWhitespaceUnit(units[first])) units[first++][mark] = false;
      while (end > first && isWhitespaceUnit(units[end - 1])) units[--end][mark] = false;
      if (first === span.firstUnit && end === span.endUnit) {
        for (let index = first; index < end; index++) units[index][mark] = false;
      }
    }
  }
}

const hasMark = (unit: InlineUnit, key: MarkKey, href?: string | null) =>
  key === 'link' ? unit.href !== null && unit.href === href : unit[key];

/**
 * The backticks around a code span: a run length that does not occur in the
 * code, and a space inside each when the code starts or ends with a backtick
 * or with spaces on both sides (CommonMark strips one such pair).
 */
function codeDelimiters(code: string): { open: string; close: string } {
  const runs = new Set((code.match(/`+/g) ?? []).map((run) => run.length));
  let length = 1;
  while (runs.has(length)) length++;
  const ticks = '`'.repeat(length);
  const pad = /^`|`$/.test(code) || /^ [\s\S]*[^ ][\s\S]* $/.test(code);
  return pad ? { open: `${ticks} `, close: ` ${ticks}` } : { open: ticks, close: ticks };
}

function emit(units: InlineUnit[], written: string[]): Emitted {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  const spans: Emitted['spans'] = [];
  const delimiters: Delimiter[] = [];
  const stack: Array<{
    key: MarkKey;
    href: string | null;
    col: number;
    length: number;
    closing: string;
    firstUnit: number;
    lastUnit: number;
  }> = [];

  const close = (keep: number) => {
    while (stack.length > keep) {
      const open = stack.pop()!;
      const delimiter = open.closing;
      delimiters.push({ key: open.key, opens: false, col: text.length, length: delimiter.length, span: spans.length });
      delimiters.push({ key: open.key, opens: true, col: open.col, length: open.length, span: spans.length });
      spans.push({
        key: open.key,
        from: units[open.firstUnit].pos,
        to: units[open.lastUnit].pos + 1,
        outerStart: open.col,
        innerStart: open.col + open.length,
        innerEnd: text.length,
        outerEnd: text.length + delimiter.length,
        firstUnit: open.firstUnit,
        endUnit: open.lastUnit + 1,
      });
      text += delimiter;
    }
  };
  // How far a mark runs from unit i: the longer-running mark opens outside.
  const reach = (index: number, key: MarkKey) => {
    let end = index;
    while (end < units.length && (units[end].dropped || hasMark(units[end], key, units[index].href))) end++;
    return end - index;
  };

  units.forEach((unit, index) => {
    if (unit.dropped) {
      starts.push(text.length);
      ends.push(text.length);
      return;
    }
    let keep = 0;
    while (keep < stack.length && hasMark(unit, stack[keep].key, stack[keep].href)) keep++;
    const toOpen = () => MARK_RANK.filter((key) => hasMark(unit, key, unit.href) && !stack.slice(0, keep).some((open) => open.key === key));
    // A mark that opens where code is open closes the code span first, to reopen it inside.
    const codeAt = stack.findIndex((open) => open.key === 'code');
    if (codeAt >= 0 && codeAt < keep && toOpen().length > 0) keep = codeAt;
    close(keep);
    const opening = toOpen();
    opening.sort((a, b) => (a === 'code' ? 1 : b === 'code' ? -1 : reach(index, b) - reach(index, a)));
    for (const key of opening) {
      const delimiters =
        key === 'link'
          ? { open: '[', close: `](${writeHref(unit.href ?? '')})` }
          : key === 'code'
            ? codeDelimiters(codeRunText(units, written, index))
            : { open: DELIMITER[key], close: DELIMITER[key] };
      stack.push({
        key,
        href: unit.href,
        col: text.length,
        length: delimiters.open.length,
        closing: delimiters.close,
        firstUnit: index,
        lastUnit: index,
      });
      text += delimiters.open;
    }
    for (const open of stack) open.lastUnit = index;
    starts.push(text.length);
    text += written[index];
    ends.push(text.length);
  });
  close(0);
  return { text, starts, ends, spans, delimiters };
}

/** What a code span opening at unit `first` will hold: the run of code units with the same other marks. */
function codeRunText(units: InlineUnit[], written: string[], first: number): string {
  const sameOtherMarks = (unit: InlineUnit) =>
    unit.bold === units[first].bold &&
    unit.italic === units[first].italic &&
    unit.strike === units[first].strike &&
    unit.href === units[first].href;
  let text = '';
  for (let index = first; index < units.length && (units[index].dropped || (units[index].code && sameOtherMarks(units[index]))); index++) {
    text += written[index];
  }
  return text;
}

// micromark classifies single UTF-16 units, so an emoji half is "other".
const isWhitespace = (char: string | undefined) => char === undefined || /\s/.test(char);
const isPunctuation = (char: string | undefined) => char !== undefined && /\p{P}|\p{S}/u.test(char);

/**
 * CommonMark's flanking and "rule of 3" checks for the `*` runs we wrote, and
 * GFM's flanking check for `~~` (a run is one character repeated).
 */
function invalidEmphasisSpans(emitted: Emitted): Emitted['spans'] {
  const emphasis = emitted.delimiters.filter((d) => d.key !== 'link' && d.key !== 'code').sort((a, b) => a.col - b.col);
  const runOf = new Map<Delimiter, { length: number; left: boolean; right: boolean }>();
  const sameChar = (a: Delimiter, b: Delimiter) => (a.key === 'strike') === (b.key === 'strike');
  for (let start = 0; start < emphasis.length; ) {
    let end = start + 1;
    while (
      end < emphasis.length &&
      sameChar(emphasis[end - 1], emphasis[end]) &&
      emphasis[end - 1].col + emphasis[end - 1].length === emphasis[end].col
    )
      end++;
    const runStart = emphasis[start].col;
    const runEnd = emphasis[end - 1].col + emphasis[end - 1].length;
    const before = emitted.text[runStart - 1];
    const after = emitted.text[runEnd];
    const run = {
      length: runEnd - runStart,
      left: !isWhitespace(after) && (!isPunctuation(after) || isWhitespace(before) || isPunctuation(before)),
      right: !isWhitespace(before) && (!isPunctuation(before) || isWhitespace(after) || isPunctuation(after)),
    };
    for (let index = start; index < end; index++) runOf.set(emphasis[index], run);
    start = end;
  }
  const bad = new Set<number>();
  for (const delimiter of emphasis) {
    const run = runOf.get(delimiter)!;
    if (delimiter.opens ? !run.left : !run.right) bad.add(delimiter.span);
  }
  for (const delimiter of emphasis.filter((d) => d.opens && d.key !== 'strike')) {
    const closer = emphasis.find((d) => !d.opens && d.span === delimiter.span)!;
    const opener = runOf.get(delimiter)!;
    const closing = runOf.get(closer)!;
    const ambiguous = (opener.left && opener.right) || (closing.left && closing.right);
    const sum = opener.length + closing.length;
    if (ambiguous && sum % 3 === 0 && !(opener.length % 3 === 0 && closing.length % 3 === 0)) bad.add(delimiter.span);
  }
  return [...bad].map((index) => emitted.spans[index]);
}

function sameEmphasis(expected: InlineUnit[], actual: InlineUnit[] | null): boolean {
  const visible = expected.filter((unit) => !unit.dropped);
  if (!actual || actual.length !== visible.length) return false;
  return visible.every(
    (unit, index) =>
      unit.unit === actual[index].unit &&
      unit.citation === actual[index].citation &&
      unit.image === actual[index].image &&
      unit.bold === actual[index].bold &&
      unit.italic === actual[index].italic &&
      unit.strike === actual[index].strike &&
      unit.code === actual[index].code,
  );
}
