import type { Language } from '../types';
import { joinTokens, mapWords, tokenizeFragment } from './fragment-tokens';
import { replaceWords, translateWords, type TranslationTarget } from './word-tables';

/** One way of rewriting a fragment, chosen by words in the instruction. */
export interface FragmentTransform {
  name: string;
  matches(instruction: string): boolean;
  apply(body: string, language: Language, instruction: string): string;
}

const SENTENCE_END = /[.!?。！？]$/u;

/** Keeps the first half of the words; markers and emoji of the dropped half stay, in order. */
export function dropSecondHalf(body: string): string {
  const tokens = tokenizeFragment(body);
  const wordCount = tokens.filter((t) => t.kind === 'word').length;
  const keep = Math.max(1, Math.ceil(wordCount / 2));
  let seen = 0;
  let droppedEnding = '';
  const kept: typeof tokens = [];
  for (const token of tokens) {
    if (token.kind === 'word') seen += 1;
    if (token.kind === 'word' && seen > keep) {
      if (SENTENCE_END.test(token.text)) droppedEnding = token.text.slice(-1);
      // The space before a dropped word goes with it, so a marker that followed it stays attached.
      if (kept.at(-1)?.kind === 'space') kept.pop();
      continue;
    }
    kept.push(token);
  }
  const text = joinTokens(kept).trimEnd();
  return droppedEnding && !SENTENCE_END.test(text) ? `${text}${droppedEnding}` : text;
}

const EXPANSION: Record<Language, string> = {
  en: 'This point deserves particular attention.',
  ru: 'Этот момент заслуживает особого внимания.',
  zh: '这一点值得特别关注。',
};

const IN_SHORT: Record<Language, string> = { en: 'In short: ', ru: 'Короче говоря: ', zh: '简而言之：' };

function targetLanguage(instruction: string): TranslationTarget | null {
  if (/english|английск|英文|英语/iu.test(instruction)) return 'en';
  if (/russian|русск|俄文|俄语/iu.test(instruction)) return 'ru';
  if (/chinese|китайск|中文|汉语|华语/iu.test(instruction)) return 'zh';
  return null;
}

/** A rephrase must visibly change the text; when no synonym applies, a lead-in does. */
function rephrase(body: string, language: Language): string {
  const changed = replaceWords(body, 'synonyms');
  return changed !== body ? changed : `${IN_SHORT[language]}${body}`;
}

export const FRAGMENT_TRANSFORMS: readonly FragmentTransform[] = [
  {
    name: 'translate',
    matches: (i) => /translate|переведи|перевод|翻译|译成/iu.test(i) && targetLanguage(i) !== null,
    apply: (body, language, instruction) => {
      const target = targetLanguage(instruction) ?? 'en';
      const translated = translateWords(body, language, target);
      return translated !== body ? translated : rephrase(body, target);
    },
  },
  {
    name: 'uppercase',
    matches: (i) => /upper\s?case|capital letters|all caps|заглавн|верхн\S* регистр|капс|大写/iu.test(i),
    apply: (body) => mapWords(body, (word) => word.toUpperCase()),
  },
  {
    name: 'shorter',
    matches: (i) => /short|concise|brief|trim|короч|сократ|сжат|短|精简|简洁/iu.test(i),
    apply: (body) => dropSecondHalf(body),
  },
  {
    name: 'formal',
    matches: (i) => /formal|official|professional|формальн|официальн|делов|正式|专业/iu.test(i),
    apply: (body, language) => {
      const changed = replaceWords(body, 'formal');
      return changed !== body ? changed : rephrase(body, language);
    },
  },
  {
    name: 'expand',
    matches: (i) => /expand|longer|elaborate|more detail|расширь|подробн|длинн|扩展|展开|详细|扩写/iu.test(i),
    apply: (body, language) => `${body}${language === 'zh' ? '' : ' '}${EXPANSION[language]}`,
  },
  { name: 'rephrase', matches: () => true, apply: (body, language) => rephrase(body, language) },
];
