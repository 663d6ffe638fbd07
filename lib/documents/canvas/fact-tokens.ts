/**
 * Finds the checkable tokens of a text: dates, codes, numbers, proper names.
 * Pure regular-expression work; the same extraction runs over the sources so
 * that "present in the sources" compares like with like.
 */
export type FactKind = 'number' | 'date' | 'code' | 'name';

export interface FactToken {
  token: string;
  kind: FactKind;
  start: number;
  end: number;
  /** Comparable form: number value, date parts, code letters+digits, name words. */
  keys: string[];
}

const NOT_WORD_BEFORE = '(?<![\\p{L}\\p{N}])';
const NOT_WORD_AFTER = '(?![\\p{L}\\p{N}])';

const EN_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const RU_MONTHS = ['январ', 'феврал', 'март', 'апрел', 'ма', 'июн', 'июл', 'август', 'сентябр', 'октябр', 'ноябр', 'декабр'];
const EN_MONTH =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\\.?';
const RU_MONTH = '(?:января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря)';
const WEEKDAYS = /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/;
const MONTH_WORD = new RegExp(`^${EN_MONTH}$`);

const DATE_PATTERNS = [
  '\\d{4}-\\d{1,2}-\\d{1,2}',
  '\\d{1,2}[./]\\d{1,2}[./]\\d{2,4}',
  `\\d{1,2}\\s+${EN_MONTH}(?:,?\\s+\\d{4})?`,
  `${EN_MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?`,
  `${EN_MONTH}\\s+\\d{4}`,
  `\\d{1,2}\\s+${RU_MONTH}(?:\\s+\\d{4}(?:\\s*г\\.)?)?`,
  '\\d{4}\\s*年(?:\\s*\\d{1,2}\\s*月)?(?:\\s*\\d{1,2}\\s*日)?',
  '\\d{1,2}\\s*月\\s*\\d{1,2}\\s*日',
];
const DATE = new RegExp(`${NOT_WORD_BEFORE}(?:${DATE_PATTERNS.join('|')})${NOT_WORD_AFTER}`, 'gu');
const ALNUM_RUN = new RegExp(`${NOT_WORD_BEFORE}[\\p{L}\\p{N}]+(?:[-_./:][\\p{L}\\p{N}]+)*${NOT_WORD_AFTER}`, 'gu');
// 1,200 / 1 200 (en/ru thousands), 3,5 / 3.5 decimals, optional percent.
const NUMBER = /(?<![\p{L}\p{N}.,])\d+(?:(?:,\d{3})+(?!\d)|(?:[ \u00A0\u202F]\d{3})+(?!\d))?(?:[.,]\d+)?(?:\s?%)?(?![\p{L}\p{N}])/gu;
const ORDINAL = /^(\d+)(?:st|nd|rd|th|-?[а-яё]{1,3})$/iu;
const NAME_WORD = /\p{Lu}[\p{L}\p{M}]*(?:['’-]\p{L}[\p{L}\p{M}]*)*/gu;
const QUOTED = /«([^«»\n]{1,60})»|“([^“”\n]{1,60})”|「([^「」\n]{1,60})」|『([^『』\n]{1,60})』|"([^"\n]{1,60})"/gu;
const CASELESS_LETTER = /[\p{L}](?<![\p{Lu}\p{Ll}\p{Lt}])/u;

/** "1,200" = "1 200" = "1200"; "3,5" = "3.5"; "15 %" = "15". */
export function normalizeNumber(raw: string): string {
  let value = raw.replace(/\s?%$/, '');
  if (/^\d{1,3}([ \u00A0\u202F]\d{3})+([.,]\d+)?$/.test(value)) value = value.replace(/[ \u00A0\u202F]/g, '').replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(value)) value = value.replace(/,/g, '');
  else value = value.replace(',', '.');
  const [whole, fraction = ''] = value.split('.');
  const integer = whole.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  return decimals ? `${integer}.${decimals}` : integer;
}

function dateParts(raw: string): string[] {
  const parts = (raw.match(/\d+/g) ?? []).map((digits) => String(Number(digits)));
  const lower = raw.toLowerCase();
  const month = lower.match(/[a-zа-яё]{3,}/u)?.[0];
  if (month) {
    const ru = RU_MONTHS.findIndex((stem) => month.startsWith(stem) && (stem !== 'ма' || month === 'мая'));
    const en = EN_MONTHS.findIndex((stem) => month.startsWith(stem));
    const index = ru >= 0 ? ru : en;
    if (index >= 0) parts.push(String(index + 1));
  }
  return parts;
}

/** Spans already claimed by an earlier kind are skipped (a date's digits are not numbers). */
function overlaps(taken: Array<[number, number]>, start: number, end: number): boolean {
  return taken.some(([from, to]) => start < to && end > from);
}

export function extractTokens(text: string): FactToken[] {
  const masked = maskMarkup(text);
  const tokens: FactToken[] = [];
  const taken: Array<[number, number]> = [];
  const add = (token: FactToken) => {
    tokens.push(token);
    taken.push([token.start, token.end]);
  };

  for (const match of masked.matchAll(DATE)) {
    add({ token: match[0], kind: 'date', start: match.index, end: match.index + match[0].length, keys: dateParts(match[0]) });
  }
  for (const match of masked.matchAll(ALNUM_RUN)) {
    const raw = match[0];
    const start = match.index;
    if (overlaps(taken, start, start + raw.length)) continue;
    const ordinal = raw.match(ORDINAL);
    if (ordinal) {
      add({ token: raw, kind: 'number', start, end: start + raw.length, keys: [normalizeNumber(ordinal[1])] });
      continue;
    }
    const isCode = (/\p{L}/u.test(raw) && /\p{N}/u.test(raw)) || /^\d+(\.\d+){2,}$/.test(raw);
    if (isCode) add({ token: raw, kind: 'code', start, end: start + raw.length, keys: [codeKey(raw)] });
  }
  for (const match of masked.matchAll(NUMBER)) {
    const start = match.index;
    if (overlaps(taken, start, start + match[0].length)) continue;
    add({ token: match[0], kind: 'number', start, end: start + match[0].length, keys: numberKeys(match[0]) });
  }
  for (const name of nameTokens(masked)) if (!overlaps(taken, name.start, name.end)) add(name);
  return tokens.sort((a, b) => a.start - b.start);
}

/** A merged "12 345" may really be two numbers: either reading may match the sources. */
function numberKeys(raw: string): string[] {
  const keys = [normalizeNumber(raw)];
  if (/[ \u00A0\u202F]\d{3}/.test(raw))
    keys.push(
      raw
        .replace(/\s?%$/, '')
        .split(/[ \u00A0\u202F]/)
        .map(normalizeNumber)
        .join(' '),
    );
  return keys;
}

export const codeKey = (raw: string) => raw.replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();

/**
 * Capitalised words not at a sentence start, joined into sequences
 * ("Zebulon Quark"); for scripts without capitals, quoted names.
 */
function nameTokens(text: string): FactToken[] {
  const names: FactToken[] = [];
  const words = [...text.matchAll(NAME_WORD)].filter(
    (match) => match[0].length >= 2 && !MONTH_WORD.test(match[0]) && !WEEKDAYS.test(match[0]),
  );
  for (let index = 0; index < words.length; ) {
    let last = index;
    while (last + 1 < words.length && /^ $/.test(text.slice(words[last].index + words[last][0].length, words[last + 1].index))) last++;
    const sequence = words.slice(index, last + 1).filter((word, k) => k > 0 || !atSentenceStart(text, word.index));
    if (sequence.length > 0) {
      const start = sequence[0].index;
      const end = sequence[sequence.length - 1].index + sequence[sequence.length - 1][0].length;
      names.push({ token: text.slice(start, end), kind: 'name', start, end, keys: sequence.map((word) => word[0]) });
    }
    index = last + 1;
  }
  for (const match of text.matchAll(QUOTED)) {
    const inner = match.slice(1).find((group) => group !== undefined)!;
    if (!CASELESS_LETTER.test(inner)) continue;
    const start = match.index + 1;
    names.push({ token: inner, kind: 'name', start, end: start + inner.length, keys: [inner] });
  }
  return names;
}

/** Looks back over spaces, quotes and emphasis markers for a sentence or block boundary. */
function atSentenceStart(text: string, index: number): boolean {
  let k = index - 1;
  while (k >= 0 && /[ \t*_(["'«“„‘「『]/.test(text[k])) k--;
  return k < 0 || /[.!?…:;|\n]/.test(text[k]);
}

/**
 * Citation markers and link destinations are not facts, and block markers
 * (`1. `, `# `, `> `, `- `) are not numbers: they become spaces, keeping
 * offsets, so a word after them still reads as a sentence start.
 */
function maskMarkup(text: string): string {
  const blank = (match: string) => ' '.repeat(match.length);
  return text
    .replace(/\[\^[^\]\s]+\]/g, blank)
    .replace(/\]\([^)\s]*\)/g, (match) => `]${blank(match.slice(1))}`)
    .replace(/^[ \t]*(?:>[ \t]*)*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+|#{1,6}[ \t]+)?/gm, blank);
}
