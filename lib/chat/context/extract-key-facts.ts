import { deviceValues, type DeviceKind, type DeviceMention } from './key-fact-devices';
import { ALL_VALUE_RULES, CLAUSE_SEPARATOR, CONTRAST, CONTRAST_SEPARATOR, KEY_FACT_LANGUAGE_RULES } from './key-fact-rules';
import type { KeyFactValue, ValueRule } from './key-fact-rule-types';
import { splitSentences } from './trim-to-tokens';
import type { KeyFactKey } from './types';

/**
 * `add`: the person has this too ("I have a Mac too"), so it joins the current value instead of
 * replacing it. A value may name where it is used: "Windows (work); macOS (home)".
 * `implied`: not said but following from what was ("a Xiaomi" runs Android); it never replaces
 * a value the person named.
 */
export type ExtractedKeyFact = { key: KeyFactKey; value: string; change: boolean; add?: boolean; implied?: boolean };

/** What one message says about the person's environment, and the device words it leaves unattributed. */
export type KeyFactReading = {
  facts: ExtractedKeyFact[];
  /** Device or OS values named in a clause whose person the rules cannot tell ("…, а дома Windows" after someone else's). */
  unattributed: string[];
};

type Mention = { start: number; end: number; rule: ValueRule; values: KeyFactValue[]; device?: DeviceMention };
type Found = ExtractedKeyFact & { specificity: number; place: string | null };
type Owner = 'user' | 'other' | 'none';
type Clause = { start: number; end: number; afterContrast: boolean };

/** The slots a device or an OS fills: the ones the prompt asks the model to attribute when the rules cannot. */
const DEVICE_KEYS = new Set<KeyFactKey>(['os', 'device', 'phone_os', 'phone', 'tablet']);

/**
 * The user's own environment facts stated in `text`. Each sentence is read clause by clause
 * (commas, semicolons, "but", «а», 「但」…), and each clause is given a person: the last one it
 * names before the value ("my husband's", "у меня", "我"), else the person named right after the
 * value ("Android у меня"), else the previous clause's (a contrast — "but", «а» — turns away
 * from it). Only the person's own clauses set slots, and only where a frame, a word of using or
 * having, a device noun or a bare listing ("Windows 10, Chrome") says it is their environment.
 * Negated, hypothetical, past, questioned, quoted, reported ("my colleague says …"), topical
 * ("about Linux") and "switched from" values count nothing. Being conservative is deliberate: a
 * missed fact costs one clarifying question, a wrong one silently steers every later answer.
 */
export function extractKeyFacts(text: string): ExtractedKeyFact[] {
  return readKeyFacts(text).facts;
}

export function readKeyFacts(text: string): KeyFactReading {
  const found = new Map<KeyFactKey, Found>();
  const unattributed: string[] = [];
  const othersNamed = namesSomeoneElse(text);
  for (const sentence of splitSentences(text)) {
    const perSentence = new Map<KeyFactKey, Found>();
    const mentions = findMentions(sentence);
    let carried: Owner = 'none';
    for (const clause of splitClauses(sentence)) {
      if (clause.afterContrast) carried = 'none';
      for (const mention of mentions.filter((m) => m.start >= clause.start && m.start < clause.end)) {
        const verdict = judgeMention(sentence, clause, mention, carried, othersNamed);
        if (verdict.unattributed && mention.values.some((v) => DEVICE_KEYS.has(v.key))) {
          unattributed.push(sentence.slice(mention.start, mention.end).trim());
        }
        if (!verdict.own) continue;
        for (const { key, value, implied } of valuesInClause(sentence, clause, mention)) {
          const previous = perSentence.get(key);
          const add = verdict.add && ADDABLE.has(key);
          const specificity = implied ? 0 : mention.rule.specificity;
          const next: Found = { key, value, change: verdict.change, add, specificity, place: verdict.place, implied };
          // "Windows at work but Mac at home": two places, both kept in one value
          if (previous && previous.place && verdict.place && previous.place !== verdict.place) {
            perSentence.set(key, { ...next, value: `${withPlace(previous)}; ${withPlace(next)}`, place: null, add: false });
            continue;
          }
          // Within a sentence the most specific wins ("Linux … Ubuntu 22.04"); across sentences the latest.
          if (previous && previous.specificity > specificity) continue;
          perSentence.set(key, next);
        }
      }
      carried = ownerOf(sentence.slice(clause.start, clause.end)) ?? carried;
    }
    for (const [key, keyFact] of perSentence) {
      if (keyFact.implied && found.has(key)) continue;
      found.set(key, keyFact);
    }
  }
  const facts = [...found.values()].map((keyFact) => {
    const value = keyFact.place ? withPlace(keyFact) : keyFact.value;
    const fact: ExtractedKeyFact = { key: keyFact.key, value, change: keyFact.change };
    if (keyFact.add) fact.add = true;
    if (keyFact.implied) fact.implied = true;
    return fact;
  });
  return { facts, unattributed: [...new Set(unattributed)] };
}

/** Every value named in `text`, whoever it belongs to (normalizes a value another path wrote). */
export function extractValues(text: string): KeyFactValue[] {
  return findMentions(text).flatMap((mention) => mention.values.map(({ key, value }) => ({ key, value })));
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

function splitClauses(sentence: string): Clause[] {
  const clauses: Clause[] = [];
  let start = 0;
  let afterContrast = false;
  CLAUSE_SEPARATOR.lastIndex = 0;
  for (const match of sentence.matchAll(CLAUSE_SEPARATOR)) {
    clauses.push({ start, end: match.index, afterContrast });
    start = match.index + match[0].length;
    afterContrast = CONTRAST_SEPARATOR.test(match[0].trim());
  }
  clauses.push({ start, end: sentence.length, afterContrast });
  return clauses;
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
      // a trailing space the model part may have taken belongs to the next word
      const end = match.index + match[0].trimEnd().length;
      const device = rule.device?.(match);
      const values = rule.read(match).filter((value) => value.value);
      if (values.length > 0 || device) all.push({ start: match.index, end, rule, values, device });
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

/**
 * A device's slot follows the clause: "планшет Samsung" is a tablet, "小米笔记本" a computer,
 * "Lenovo tablet with Android 12" gives no phone OS. A model word settles it first ("MatePad").
 */
function valuesInClause(sentence: string, clause: Clause, mention: Mention): KeyFactValue[] {
  const noun = nearestDeviceNoun(sentence.slice(clause.start, mention.start), sentence.slice(mention.end, clause.end));
  if (mention.device) {
    const kind = mention.device.settled ? mention.device.kind : (noun ?? mention.device.kind);
    return deviceValues(mention.device.name, mention.device.brand, kind);
  }
  if (noun === 'tablet') {
    return mention.values.map((value) =>
      value.key === 'phone_os' ? { key: 'tablet', value: `${value.value} tablet`, implied: true } : value,
    );
  }
  return mention.values;
}

function nearestDeviceNoun(clauseBefore: string, clauseAfter: string): DeviceKind | null {
  let best: { kind: DeviceKind; distance: number } | null = null;
  for (const rules of KEY_FACT_LANGUAGE_RULES) {
    for (const kind of ['phone', 'computer', 'tablet'] as const) {
      const pattern = rules.deviceNouns[kind];
      for (const match of clauseBefore.matchAll(pattern)) {
        const distance = clauseBefore.length - (match.index + match[0].length);
        if (!best || distance < best.distance) best = { kind, distance };
      }
      for (const match of clauseAfter.matchAll(pattern)) {
        if (!best || match.index < best.distance) best = { kind, distance: match.index };
      }
    }
  }
  return best?.kind ?? null;
}

type Verdict = { own: boolean; unattributed: boolean; change: boolean; add: boolean; place: string | null };

function judgeMention(sentence: string, clause: Clause, mention: Mention, carried: Owner, othersNamed: boolean): Verdict {
  const before = sentence.slice(0, mention.start);
  const clauseBefore = sentence.slice(clause.start, mention.start);
  const clauseAfter = sentence.slice(mention.end, clause.end);
  const clauseText = sentence.slice(clause.start, clause.end);
  const rules = KEY_FACT_LANGUAGE_RULES;
  const change = rules.some((r) => r.change.test(clauseText));
  const add = !change && rules.some((r) => r.addition.test(clauseText));
  const place = placeOf(clauseBefore, clauseAfter);
  const not = { own: false, unattributed: false, change, add, place };
  const isDevice = Boolean(mention.device) || mention.values.some((value) => DEVICE_KEYS.has(value.key));
  const rejected =
    /[?？]\s*$/u.test(clauseText) ||
    insideQuotes(before) ||
    rules.some(
      (r) =>
        r.question.test(clauseText) ||
        r.notCurrent.test(clauseBefore) ||
        r.negation.test(before) ||
        r.negationAfter.test(clauseAfter) ||
        r.replacedBefore.test(before) ||
        r.reportedSpeech.test(sinceContrast(before)) ||
        (isDevice && (r.topicBefore.test(clauseBefore) || r.productAfter.test(clauseAfter))) ||
        (change && r.fromBefore.test(before)),
    );
  if (rejected) return not;

  let owner = nearestPerson(clauseBefore);
  if (owner.who === 'none' && rules.some((r) => r.ownAfter.test(clauseAfter))) owner = { who: 'user', end: clauseBefore.length };
  // «на айфоне жены», «ноутбук мужа»: the owner right after the value
  if (owner.who === 'none' && ownerRightAfter(clauseAfter) === 'other') return { ...not };
  const who = owner.who === 'none' ? carried : owner.who;
  // "my wife tried, Android 14 crashes": probably hers, but the clause does not say whose
  if (who === 'other') return { ...not, unattributed: owner.who === 'none' && isDevice };

  const isLanguage = mention.values.every((value) => value.key === 'language');
  const framed = rules.some((r) =>
    (isLanguage ? r.languageFrames : r.ownFrames).some((frame) => frame.test(before) || frame.test(clauseBefore)),
  );
  const opensStatement = Boolean(mention.rule.opensStatement) && clauseBefore.trim() === '';
  // a device with nobody named in its clause, in a message about someone else: whose is it?
  if (who === 'none' && othersNamed && isDevice) return { ...not, unattributed: true };
  if (framed || opensStatement) return { ...not, own: true };
  if (!isDevice) return not;

  const hasNoun = rules.some((r) => Object.values(r.deviceNouns).some((noun) => new RegExp(noun.source, 'iu').test(clauseText)));
  if (who === 'user') {
    // "я iOS", "我OPPO": the person right before the value; else a word of using or having, or the device itself
    const sinceOwner = owner.who === 'user' ? clauseBefore.slice(owner.end) : clauseBefore;
    const own = JUST_TIME.test(sinceOwner) || rules.some((r) => r.usage.test(sinceOwner)) || hasNoun;
    return { ...not, own };
  }
  // nobody named: a device noun ("комп на линуксе", "手机是安卓的") or a bare listing ("Windows 10, Chrome")
  const bare =
    clauseBefore.trim() === '' && clauseAfter.trim().split(/\s+/).filter(Boolean).length <= 1 && !/\p{Script=Han}{3}/u.test(clauseAfter);
  return { ...not, own: hasNoun || bare };
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

/**
 * Who `text` last names: the user, someone else, or nobody, and where that mention ends.
 * At equal ends the more precise marker wins: "my colleague" ends on the colleague, and
 * "me and my wife" is the person too.
 */
function nearestPerson(text: string): { who: Owner; end: number } {
  let best: { at: number; who: 'user' | 'other'; rank: number } | null = null;
  for (const rules of KEY_FACT_LANGUAGE_RULES) {
    for (const [pattern, who, rank] of [
      [rules.ownMarkers, 'user', 0],
      [rules.thirdPartyMarkers, 'other', 1],
      [rules.jointMarkers, 'user', 2],
    ] as const) {
      for (const match of text.matchAll(pattern)) {
        const at = match.index + match[0].length;
        if (!best || at > best.at || (at === best.at && rank > best.rank)) best = { at, who, rank };
      }
    }
  }
  return best ? { who: best.who, end: best.at } : { who: 'none', end: 0 };
}

/** Nothing but "now" between the person and the value: "I had Windows 10, now Windows 11", «а я iOS», «теперь Pixel 8». */
const JUST_TIME = /^[\s\p{P}]*(?:(?:and|so|now|currently|today|и|а|теперь|сейчас|уже|现在|目前|如今)[\s\p{P}]*)*$/iu;

/** A person named by the first word after the value (a Russian genitive: «айфон жены»). */
function ownerRightAfter(clauseAfter: string): Owner {
  const { who, end } = nearestPerson(clauseAfter.slice(0, 24));
  return who !== 'none' && clauseAfter.slice(0, end).trim().split(/\s+/).length === 1 ? who : 'none';
}

/** The person a clause ends on, passed to the next clause that names nobody. */
function ownerOf(clauseText: string): Owner | null {
  const { who } = nearestPerson(clauseText);
  return who === 'none' ? null : who;
}

/**
 * Whether the message names another person. "Client", "users", "team" count as someone else's
 * when they own a value ("the client's Linux box") but are as often the app ("desktop client
 * 3.4.2") or the audience: alone they do not make a bare "Windows 10, …" anyone else's.
 */
function namesSomeoneElse(text: string): boolean {
  return KEY_FACT_LANGUAGE_RULES.some((rules) =>
    [...text.matchAll(rules.thirdPartyMarkers)].some((match) => !NOT_A_PERSON_ALONE.test(match[0])),
  );
}

const NOT_A_PERSON_ALONE = /^(?:clients?|customers?|users?|team|people|everyone|everybody|клиент\p{L}*|пользовател\p{L}*)$/iu;
