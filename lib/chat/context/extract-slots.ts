import { ALL_VALUE_RULES, CLAUSE_SEPARATOR, SLOT_LANGUAGE_RULES } from './slot-rules';
import type { SlotValue, ValueRule } from './slot-rule-types';
import { splitSentences } from './trim-to-tokens';
import type { SlotKey } from './types';

export type ExtractedSlot = { key: SlotKey; value: string; change: boolean };

type Mention = { start: number; end: number; rule: ValueRule; values: SlotValue[] };

/**
 * The user's own environment facts stated in `text`. A value counts only when a first-person
 * frame introduces it ("I'm on", "у меня", "我用的是") and the nearest person named before it
 * is the user; negated, hypothetical, past, questioned and "switched from" values count nothing.
 * Being conservative is deliberate: a missed fact costs one clarifying question, a wrong one
 * silently steers every later answer.
 */
export function extractSlots(text: string): ExtractedSlot[] {
  const found = new Map<SlotKey, ExtractedSlot & { specificity: number }>();
  for (const sentence of splitSentences(text)) {
    const perSentence = new Map<SlotKey, ExtractedSlot & { specificity: number }>();
    for (const mention of findMentions(sentence)) {
      const verdict = judgeMention(sentence, mention);
      if (!verdict.own) continue;
      for (const { key, value } of mention.values) {
        const previous = perSentence.get(key);
        // Within a sentence the most specific wins ("Linux … Ubuntu 22.04"); across sentences the latest.
        if (previous && previous.specificity > mention.rule.specificity) continue;
        perSentence.set(key, { key, value, change: verdict.change, specificity: mention.rule.specificity });
      }
    }
    for (const [key, slot] of perSentence) found.set(key, slot);
  }
  return [...found.values()].map(({ key, value, change }) => ({ key, value, change }));
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

function judgeMention(sentence: string, mention: Mention): { own: boolean; change: boolean } {
  const before = sentence.slice(0, mention.start);
  const clauseBefore = before.slice(lastSeparatorEnd(before));
  const after = sentence.slice(mention.end);
  const clause = clauseBefore + sentence.slice(mention.start, mention.end) + after.slice(0, firstSeparatorStart(after));
  const rules = SLOT_LANGUAGE_RULES;
  const change = rules.some((r) => r.change.test(clause));
  const rejected =
    /[?？]\s*$/u.test(clause) ||
    rules.some(
      (r) =>
        r.question.test(clause) ||
        r.notCurrent.test(clauseBefore) ||
        r.negation.test(before) ||
        r.replacedBefore.test(before) ||
        (change && r.fromBefore.test(before)),
    );
  if (rejected || nearestPerson(before) === 'other') return { own: false, change };

  const isLanguage = mention.values.every((value) => value.key === 'language');
  const framed = rules.some((r) =>
    (isLanguage ? r.languageFrames : r.ownFrames).some((frame) => frame.test(before) || frame.test(clauseBefore)),
  );
  const opensStatement = Boolean(mention.rule.opensStatement) && clauseBefore.trim() === '';
  return { own: framed || opensStatement, change };
}

/** Who the sentence last named before the value: the user, someone else, or nobody. */
function nearestPerson(before: string): 'user' | 'other' | 'none' {
  let best: { at: number; who: 'user' | 'other' } | null = null;
  for (const rules of SLOT_LANGUAGE_RULES) {
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
