import { isTextUnit, type InlineUnit } from './inline-chars';

/**
 * How each unit is written so that the parser reads back exactly that text.
 * Escapes are per unit (a unit maps to `\*` as a whole), so an offset can
 * never fall between a backslash and the character it protects.
 */
const ALWAYS_ESCAPED = new Set(['\\', '*', '[', ']', '`', '~', '|']);
const ALNUM = /[\p{L}\p{N}]/u;

export interface WriteOptions {
  heading: boolean;
  /** the first paragraph of a list item: a leading `[ ] ` / `[x] ` is its task box, written as is */
  taskBox: boolean;
  /** a table cell, where a `|` splits cells even inside code */
  cell: boolean;
}

export function writeUnits(units: InlineUnit[], options: WriteOptions): string[] {
  const visible = units.map((unit, index) => ({ unit, index })).filter(({ unit }) => !unit.dropped);
  const written = units.map(() => '');
  const sameMarks = (a: InlineUnit, b: InlineUnit) =>
    isTextUnit(a) &&
    isTextUnit(b) &&
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.strike === b.strike &&
    a.code === b.code &&
    a.href === b.href;
  // Text of the run of same-marked units after position k (nothing separates them in the output).
  const followingText = (k: number, length: number) => {
    let text = '';
    for (let j = k + 1; j < visible.length && text.length < length && sameMarks(visible[j].unit, visible[k].unit); j++) {
      text += visible[j].unit.unit;
    }
    return text;
  };
  const listNumberDot = orderedListMarkerIndex(visible.map(({ unit }) => unit));
  const trailingHashes = options.heading ? countTrailingHashes(visible.map(({ unit }) => unit)) : 0;
  const taskBox = options.taskBox && isTaskBox(visible.map(({ unit }) => unit));

  visible.forEach(({ unit, index }, k) => {
    if (unit.citation !== null) {
      written[index] = `[^${unit.citation}]`;
      return;
    }
    if (unit.image !== null) {
      written[index] = unit.image;
      return;
    }
    if (unit.code) {
      written[index] = options.cell && unit.unit === '|' ? '\\|' : unit.unit;
      return;
    }
    if (taskBox && k < 3) {
      written[index] = unit.unit;
      return;
    }
    const char = unit.unit;
    const previous = visible[k - 1]?.unit;
    const next = visible[k + 1]?.unit;
    let needsEscape = ALWAYS_ESCAPED.has(char);
    if (char === '_') {
      // snake_case stays readable: `_` between letters of one run never delimits.
      const inWord = previous && next && sameMarks(previous, unit) && sameMarks(next, unit);
      // Nor does a `_` before a space or the block's end: it cannot open, and every
      // `_` that could open is escaped. (`a.b_` escaped would make `a.b` an email link.)
      const beforeSpace = !next || (isTextUnit(next) && /\s/.test(next.unit));
      needsEscape = !(inWord && ALNUM.test(previous.unit) && ALNUM.test(next.unit)) && !beforeSpace;
    }
    if (char === '&') needsEscape = /^#?[A-Za-z0-9]+;/.test(followingText(k, 40));
    if (char === '<') needsEscape = /^[A-Za-z/!?]/.test(followingText(k, 1));
    // `[^1](x)` would read as a link whose text is `^1`, `[^1]:` as a footnote definition.
    if ((char === '(' || char === ':') && previous?.citation != null) needsEscape = true;
    // `[^` opening link text would read as a footnote call.
    if (char === '^' && unit.href !== null && !(previous && sameMarks(previous, unit))) needsEscape = true;
    // `![text](url)` is an image, which the subset does not have.
    if (char === '!' && next && next.href !== null && next.href !== unit.href) needsEscape = true;
    if (char === '!' && next?.citation != null) needsEscape = true;
    if (k === 0 && /[#>+-]/.test(char)) needsEscape = true;
    if (k === listNumberDot) needsEscape = true;
    if (k >= visible.length - trailingHashes) needsEscape = true;
    written[index] = needsEscape ? `\\${char}` : char;
  });
  return written;
}

/** `1. text` or `1) text` at the start of a block would become a list. */
function orderedListMarkerIndex(units: InlineUnit[]): number {
  let digits = 0;
  while (digits < units.length && isTextUnit(units[digits]) && /[0-9]/.test(units[digits].unit)) digits++;
  const marker = units[digits];
  const after = units[digits + 1];
  const startsList =
    digits > 0 &&
    digits <= 9 &&
    marker !== undefined &&
    isTextUnit(marker) &&
    /[.)]/.test(marker.unit) &&
    (!after || (isTextUnit(after) && /\s/.test(after.unit)));
  return startsList ? digits : -1;
}

/** `# Title #` drops the closing hashes: trailing `#` in a heading is escaped. */
function countTrailingHashes(units: InlineUnit[]): number {
  let count = 0;
  while (count < units.length && isTextUnit(units[units.length - 1 - count]) && units[units.length - 1 - count].unit === '#') count++;
  return count;
}

/** `[ ] ` or `[x] ` followed by more: GFM reads it as a task item's box. */
function isTaskBox(units: InlineUnit[]): boolean {
  const plain = (unit: InlineUnit | undefined) =>
    unit !== undefined && isTextUnit(unit) && !unit.bold && !unit.italic && !unit.strike && !unit.code && unit.href === null;
  if (units.length < 5 || !units.slice(0, 4).every(plain)) return false;
  return (
    units[0].unit === '[' && /[ xX]/.test(units[1].unit) && units[2].unit === ']' && units[3].unit === ' ' && !/\s/.test(units[4].unit)
  );
}

/**
 * A link destination written so the parser reads back exactly `href`: in
 * `<…>` when it holds spaces or angle brackets (`[a](<b)c>)`), else bare with
 * parentheses and backslashes escaped (`foo\(and\(bar\)`). Only a line break,
 * which no destination can hold, is percent-encoded.
 */
export function writeHref(href: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what forces the angle-bracket form
  const angled = /[\s<>\x00-\x1f\x7f]/.test(href);
  let written = '';
  for (let index = 0; index < href.length; index++) {
    const char = href[index];
    if (char === '\n' || char === '\r') written += encodeURIComponent(char);
    else if (char === '\\' || (angled ? char === '<' || char === '>' : char === '(' || char === ')')) written += `\\${char}`;
    else if (char === '&' && /^&#?[A-Za-z0-9]+;/.test(href.slice(index))) written += '\\&';
    else written += char;
  }
  return angled ? `<${written}>` : written;
}

/** An image atom's whole Markdown form; the alt text has every ASCII punctuation escaped. */
export function writeImage(src: string, alt: string, title: string | null): string {
  const writtenAlt = alt.replace(/\s+/g, ' ').replace(/[!-/:-@[-`{-~]/g, '\\$&');
  const writtenTitle = title ? ` "${title.replace(/["\\]/g, '\\$&')}"` : '';
  return `![${writtenAlt}](${writeHref(src)}${writtenTitle})`;
}
