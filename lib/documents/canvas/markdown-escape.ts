import type { InlineUnit } from './inline-chars';

/**
 * How each unit is written so that the parser reads back exactly that text.
 * Escapes are per unit (a unit maps to `\*` as a whole), so an offset can
 * never fall between a backslash and the character it protects.
 */
const ALWAYS_ESCAPED = new Set(['\\', '*', '[', ']', '`', '~', '|']);
const ALNUM = /[\p{L}\p{N}]/u;

export function writeUnits(units: InlineUnit[], options: { heading: boolean }): string[] {
  const visible = units.map((unit, index) => ({ unit, index })).filter(({ unit }) => !unit.dropped);
  const written = units.map(() => '');
  const sameMarks = (a: InlineUnit, b: InlineUnit) =>
    a.citation === null && b.citation === null && a.bold === b.bold && a.italic === b.italic && a.href === b.href;
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

  visible.forEach(({ unit, index }, k) => {
    if (unit.citation !== null) {
      written[index] = `[^${unit.citation}]`;
      return;
    }
    const char = unit.unit;
    const previous = visible[k - 1]?.unit;
    const next = visible[k + 1]?.unit;
    let escape = ALWAYS_ESCAPED.has(char);
    if (char === '_') {
      // snake_case stays readable: `_` between letters of one run never delimits.
      const inWord = previous && next && sameMarks(previous, unit) && sameMarks(next, unit);
      escape = !(inWord && ALNUM.test(previous.unit) && ALNUM.test(next.unit));
    }
    if (char === '&') escape = /^#?[A-Za-z0-9]+;/.test(followingText(k, 40));
    if (char === '<') escape = /^[A-Za-z/!?]/.test(followingText(k, 1));
    // `[^1](x)` would read as a link whose text is `^1`, `[^1]:` as a footnote definition.
    if ((char === '(' || char === ':') && previous?.citation != null) escape = true;
    // `[^` opening link text would read as a footnote call.
    if (char === '^' && unit.href !== null && !(previous && sameMarks(previous, unit))) escape = true;
    // `![text](url)` is an image, which the subset does not have.
    if (char === '!' && next && next.href !== null && next.href !== unit.href) escape = true;
    if (k === 0 && /[#>+\-]/.test(char)) escape = true;
    if (k === listNumberDot) escape = true;
    if (k >= visible.length - trailingHashes) escape = true;
    written[index] = escape ? `\\${char}` : char;
  });
  return written;
}

/** `1. text` or `1) text` at the start of a block would become a list. */
function orderedListMarkerIndex(units: InlineUnit[]): number {
  let digits = 0;
  while (digits < units.length && units[digits].citation === null && /[0-9]/.test(units[digits].unit)) digits++;
  const marker = units[digits];
  const after = units[digits + 1];
  const startsList =
    digits > 0 && digits <= 9 && marker?.citation === null && /[.)]/.test(marker.unit) &&
    (!after || (after.citation === null && /\s/.test(after.unit)));
  return startsList ? digits : -1;
}

/** `# Title #` drops the closing hashes: trailing `#` in a heading is escaped. */
function countTrailingHashes(units: InlineUnit[]): number {
  let count = 0;
  while (count < units.length && units[units.length - 1 - count].citation === null && units[units.length - 1 - count].unit === '#') count++;
  return count;
}

/** Link destinations: characters that would end or break `(url)` are percent-encoded. */
export function writeHref(href: string): string {
  return href.replace(/[\s()<>\\]/g, (char) => encodeURIComponent(char));
}
