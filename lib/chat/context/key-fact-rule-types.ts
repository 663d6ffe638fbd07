import type { DeviceKind, DeviceMention } from './key-fact-devices';
import type { KeyFactKey } from './types';

/** A value found in text: which slot it fills and its normalized form. */
export type KeyFactValue = { key: KeyFactKey; value: string; implied?: boolean };

/**
 * One way a slot value is written ("Win 11", "винда", "苹果电脑").
 * `specificity` settles overlaps and repeats in a sentence: "Ubuntu 22.04" beats "Linux".
 * `opensStatement`: the mention may stand at the start of a sentence with no person marker
 * ("Version 3.4.2.", "Версия приложения 3.4.2") and still be the user's own report.
 */
export type ValueRule = {
  pattern: RegExp;
  read: (match: RegExpExecArray) => KeyFactValue[];
  specificity: number;
  opensStatement?: boolean;
  /** A device named by brand or model: its slot depends on the clause ("планшет Samsung" is a tablet). */
  device?: (match: RegExpExecArray) => DeviceMention;
};

/**
 * One language's rule tables. Regexes ending in `$` are tested on the text right before a
 * value mention; markers are global and located in the sentence.
 */
export type KeyFactLanguageRules = {
  lang: string;
  values: ValueRule[];
  /** Frames stating the user's own environment: "I'm on ", "у меня ", "我用的是". */
  ownFrames: RegExp[];
  /** Frames for the language slot only: "answer in ", "отвечай ", "请用". */
  languageFrames: RegExp[];
  /** First-person markers (global). The nearest person marker before a value owns it. */
  ownMarkers: RegExp;
  /** Someone else's: "my colleague", "у коллеги", "他". */
  thirdPartyMarkers: RegExp;
  /** A negation governing the value: "not on ", "не ", "不是". */
  negation: RegExp;
  /** The value being replaced, always: "instead of ", "вместо ", "而不是". */
  replacedBefore: RegExp;
  /** The value being left, only in a change clause: "from ", "с ", "从". */
  fromBefore: RegExp;
  /** The user says they switched: "switched to", "перешёл", "换成". */
  change: RegExp;
  /** Not a current fact: hypothetical, planned or past ("if", "раньше был", "打算"). */
  notCurrent: RegExp;
  /** A question about a value is not a statement of it ("Does it work on Linux?"). */
  question: RegExp;
  /** A negation right after the value: "Windows? No, not anymore", "Mac не мой". */
  negationAfter: RegExp;
  /** Someone else's words follow: "my colleague says", "同事说：", "коллега пишет". Tested on the text before the value. */
  reportedSpeech: RegExp;
  /** The person has it too, next to what they had: "too", "also", "тоже", "也". */
  addition: RegExp;
  /** Where the person uses it, by the place's English name: { work: /at work/, home: /at home/ }. */
  places: Record<string, RegExp>;
  /**
   * Words of using or having something ("use", "I'm on", "сижу", "用"), anywhere in the clause
   * before the value: with the person as the clause's subject they make the value theirs.
   */
  usage: RegExp;
  /** Nouns naming a kind of device, or the system ("phone", "ноутбук", "平板", "OS") (global). */
  deviceNouns: Record<DeviceKind | 'system', RegExp>;
  /** The person named right after the value: "Android у меня", "iOS 17 on my phone". */
  ownAfter: RegExp;
  /** A subject that includes the person and someone else (global): "me and my wife", "мы с мужем", "我和同事". */
  jointMarkers: RegExp;
  /** The value is a topic or a target, not a possession: "about Linux", "для мака", "支持安卓". Tested on the text before it. */
  topicBefore: RegExp;
  /** The value names a product's platform: "the Mac version", "Android app", "Linux版". Tested on the text after it. */
  productAfter: RegExp;
};

/** Wrap a Latin-script pattern so it only matches whole words, also next to CJK or Cyrillic text. */
export function latinWord(source: string): string {
  return `(?<![A-Za-z0-9_])(?:${source})(?![A-Za-z0-9_])`;
}

/** Whole-word match for scripts where \b does not work (JavaScript's \b is ASCII-only). */
export function letterWord(source: string): string {
  return `(?<![\\p{L}\\p{N}_])(?:${source})(?![\\p{L}\\p{N}_])`;
}

export function valuePattern(source: string): RegExp {
  return new RegExp(source, 'giu');
}
