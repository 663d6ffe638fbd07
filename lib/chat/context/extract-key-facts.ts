import { ALL_VALUE_RULES, CLAUSE_SEPARATOR, CONTRAST, KEY_FACT_LANGUAGE_RULES } from './key-fact-rules';
import type { KeyFactValue, ValueRule } from './key-fact-rule-types';
import { splitSentences } from './trim-to-tokens';
import type { KeyFactKey } from './types';

/**
 * `add`: the person has this too ("I have a Mac too"), so it joins the current value instead of
 * replacing it. A value may name where it is used: "Windows (work); macOS (home)".
 */
export type ExtractedKeyFact = { key: KeyFactKey; value: string; change: boolean; add?: boolean };

type Mention = { start: number; end: number; rule: ValueRule; values: KeyFactValue[] };
type Found = ExtractedKeyFact & { specificity: number; place: string | null };

/**
 * The user's own environment facts stated in `text`. A value counts only when a first-person
 * frame introduces it ("I'm on", "у меня", "我用的是") and the nearest person named before it
 * is the user; negated, hypothetical, past, questioned, quoted, reported ("my colleague says …")
 * and "switched from" values count nothing. Being conservative is deliberate: a missed fact
 * costs one clarifying question, a wrong one silently steers every later answer.
 */
export function extractKeyFacts(text: string): ExtractedKeyFact[] {
  const found = new Map<KeyFactKey, Found>();
  for (const sentence of splitSentences(text)) {
    const perSentence = new Map<KeyFactKey, Found>();
    for (const mention of findMentions(sentence)) {
      const verdict = judgeMention(sentence, mention);
      if (!verdict.own) continue;
      for (const { key, value } of mention.values) {
        const previous = perSentence.get(key);
        const add = verdict.add && ADDABLE.has(key);
        const next: Found = { key, value, change: verdict.change, add, specificity: mention.rule.specificity, place: verdict.place };
        // "Windows at work but Mac at home": two places, both kept in one value
        if (previous && previous.place && verdict.place && previous.place !== verdict.place) {
          perSentence.set(key, { ...next, value: `${withPlace(previous)}; ${withPlace(next)}`, place: null, add: false });
          continue;
        }
        // Within a sentence the most specific wins ("Linux … Ubuntu 22.04"); across sentences the latest.
        if (previous && previous.specificity > mention.rule.specificity) continue;
        perSentence.set(key, next);
      }
    }
    for (const [key, keyFact] of perSentence) found.set(key, keyFact);
  }
  return [...found.values()].map((keyFact) => {
    const value = keyFact.place ? withPlace(keyFact) : keyFact.value;
    return keyFact.add
      ? { key: keyFact.key, value, change: keyFact.change, add: true }
      : { key: keyFact.key, value, change: keyFact.change };
  });
}

/** Every value named in `text`, whoever it belongs to (normalizes a value another path wrote). */
export function extractValues(text: string): KeyFactValue[] {
  return findMentions(text).flatMap((mention) => mention.values);
}

/** Keys a person may have more than one of ("a Mac too"); a second plan or app version replaces the first. */
const ADDABLE = new Set<KeyFactKey>(['os', 'device', 'phone_os', 'phone', 'tablet']);

/** "My colleague says X, but I'm on Windows": what the colleague says ends at the contrast. */
function sinceContrast(before: string): string {
  let end = 0;
  for (const match of before.matchAll(CONTRAST)) end = match.index + match[0].length;
  return before.slice(end);
}

function withPlace(keyFact: { value: string; place: string | null }): string {
  return keyFact.place ? `${keyFact.value} (${keyFact.place})` : keyFact.value;
}

function findMentions(sentence: string): Mention[] {
  const all: Mention[] = [];
  for (const rule of ALL_VALUE_RULES) {
    rule.pattern.lastIndex = 0;
    for (let match = rule.pattern.exec(sentence); match; match = rule.pattern.exec(sentence)) {
      if (match[0].length === 0) {
        rule.pattern.lastIndex++;
        continue;
      }
      const values = rule.read(match).filter((value) => value.value);
      if (values.length > 0) all.push({ start: match.index, end: match.index + match[0].length, rule, values });
    }
  }
  // Overlapping mentions ("MacBook Pro" vs "Pro plan", "Linux Mint" vs "Linux"): the more specific, then longer, wins.
  all.sort((a, b) => b.rule.specificity - a.rule.specificity || b.end - b.start - (a.end - a.start));
  const kept: Mention[] = [];
  for (const mention of all) {
    if (!kept.some((other) => mention.start < other.end && other.start < mention.end)) kept.push(mention);
  }
  return kept.sort((a, b) => a.start - b.start);
}

function judgeMention(sentence: string, mention: Mention): { own: boolean; change: boolean; add: boolean; place: string | null } {
  const before = sentence.slice(0, mention.start);
  const clauseBefore = before.slice(lastSeparatorEnd(before));
  const after = sentence.slice(mention.end);
  const clauseAfter = after.slice(0, firstSeparatorStart(after));
  const clause = clauseBefore + sentence.slice(mention.start, mention.end) + clauseAfter;
  const rules = KEY_FACT_LANGUAGE_RULES;
  const change = rules.some((r) => r.change.test(clause));
  const add = !change && rules.some((r) => r.addition.test(clause));
  const place = placeOf(clauseBefore, clauseAfter);
  const not = { own: false, change, add, place };
  const rejected =
    /[?？]\s*$/u.test(clause) ||
    insideQuotes(before) ||
    rules.some(
      (r) =>
        r.question.test(clause) ||
        r.notCurrent.test(clauseBefore) ||
        r.negation.test(before) ||
        r.negationAfter.test(clauseAfter) ||
        r.replacedBefore.test(before) ||
        r.reportedSpeech.test(sinceContrast(before)) ||
        (change && r.fromBefore.test(before)),
    );
  if (rejected || nearestPerson(before) === 'other') return not;

  const isLanguage = mention.values.every((value) => value.key === 'language');
  const framed = rules.some((r) =>
    (isLanguage ? r.languageFrames : r.ownFrames).some((frame) => frame.test(before) || frame.test(clauseBefore)),
  );
  const opensStatement = Boolean(mention.rule.opensStatement) && clauseBefore.trim() === '';
  return { own: framed || opensStatement, change, add, place };
}

/**
 * "at work" / "дома" / "在家": where the person uses it. The nearest place before the value in
 * its clause, or one right after it ("Windows at work"); "Windows 10 and at home I use a Mac"
 * puts home on the Mac, not on Windows.
 */
function placeOf(clauseBefore: string, clauseAfter: string): string | null {
  let best: { place: string; distance: number } | null = null;
  for (const rules of KEY_FACT_LANGUAGE_RULES) {
    for (const [place, pattern] of Object.entries(rules.places)) {
      const global = new RegExp(pattern.source, 'giu');
      for (const match of clauseBefore.matchAll(global)) {
        const distance = clauseBefore.length - (match.index + match[0].length);
        if (!best || distance < best.distance) best = { place, distance };
      }
      const following = global.exec(clauseAfter);
      if (following && clauseAfter.slice(0, following.index).trim() === '' && (!best || following.index < best.distance)) {
        best = { place, distance: following.index };
      }
    }
  }
  return best?.place ?? null;
}

/** An opening quotation mark not yet closed: the value is someone's quoted words, not a statement. */
function insideQuotes(before: string): boolean {
  const straight = (before.match(/"/g) ?? []).length;
  if (straight % 2 === 1) return true;
  for (const [open, close] of [
    ['“', '”'],
    ['«', '»'],
    ['「', '」'],
    ['『', '』'],
  ] as const) {
    if (before.lastIndexOf(open) > before.lastIndexOf(close)) return true;
  }
  return false;
}

/** Who the sentence last named before the value: the user, someone else, or nobody. */
function nearestPerson(before: string): 'user' | 'other' | 'none' {
  let best: { at: number; who: 'user' | 'other' } | null = null;
  for (const rules of KEY_FACT_LANGUAGE_RULES) {
    for (const [pattern, who] of [
      [rules.ownMarkers, 'user'],
      [rules.thirdPartyMarkers, 'other'],
    ] as const) {
      for (const match of before.matchAll(pattern)) {
        const at = match.index + match[0].length;
        // At equal ends the longer marker is the more precise ("my colleague" ends on the colleague).
        if (!best || at > best.at || (at === best.at && who === 'other')) best = { at, who };
      }
    }
  }
  return best?.who ?? 'none';
}

function lastSeparatorEnd(text: string): number {
  let end = 0;
  for (const match of text.matchAll(CLAUSE_SEPARATOR)) end = match.index + match[0].length;
  return end;
}

function firstSeparatorStart(text: string): number {
  CLAUSE_SEPARATOR.lastIndex = 0;
  const match = CLAUSE_SEPARATOR.exec(text);
  CLAUSE_SEPARATOR.lastIndex = 0;
  return match ? match.index : text.length;
}
