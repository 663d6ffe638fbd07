import { cutAtWordBoundary, withoutTrailingEllipsis } from './cut-at-word';

/** A title is stored whole: lists and headers truncate it for the eye (CSS), never the stored text. */
export const MAX_TITLE_CHARS = 120;

/**
 * How one language asks for a document, so that the request's opening words can
 * become its title: "Write a guide to composting for beginners" → "Guide to
 * composting for beginners", "Напиши краткую инструкцию по установке" →
 * "Краткая инструкция по установке". A language is one entry in LANGUAGES.
 */
interface TitleLanguage {
  /** the polite opening and the writing verb ("please write me a"), removed */
  ask: RegExp;
  /** what is left starts with a bare preposition ("write about X"): removed too */
  leadingPreposition?: RegExp;
  /** the object of the verb put back in the form a title takes (Russian accusative → nominative) */
  headToNominative?: (words: string[]) => string[];
  /** words a title does not end with (a cut left them hanging) */
  dangling?: ReadonlySet<string>;
  /** a closing word that only repeats the kind of text ("…的报告") */
  trailingKind?: RegExp;
}

const EN: TitleLanguage = {
  ask: new RegExp(
    [
      String.raw`^(?:(?:hi|hello|hey)\b[,!.]?\s*)?`,
      String.raw`(?:(?:please|kindly)\s+)?`,
      String.raw`(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|i(?:'d| would)?\s+(?:need|want|like)\s+(?:you\s+to\s+)?|we\s+(?:need|want)\s+(?:you\s+to\s+)?|help\s+me\s+)?`,
      String.raw`(?:write|draft|create|prepare|compose|produce|make|generate|put\s+together)\s+`,
      String.raw`(?:(?:me|us)\s+)?(?:up\s+)?(?:(?:a|an|the|some)\s+)?`,
    ].join(''),
    'iu',
  ),
  leadingPreposition: /^(?:about|on|regarding)\s+/iu,
  dangling: new Set(
    'a an the of for to in on at by with and or but about from into over under as than that which who whose when where while if so because is are was'.split(
      ' ',
    ),
  ),
};

const RU: TitleLanguage = {
  ask: new RegExp(
    [
      String.raw`^(?:(?:привет|здравствуйте)[,!.]?\s*)?`,
      String.raw`(?:пожалуйста,?\s+)?`,
      String.raw`(?:(?:не\s+)?(?:можешь|можете|мог\S*)\s+(?:бы\s+)?(?:ты\s+|вы\s+)?|(?:мне|нам)\s+(?:нужн\S*|надо)\s+(?:чтобы\s+ты\s+)?)?`,
      String.raw`(?:напиш|подготов|состав|созда|сдела|сочин|оформ)\S*\s+`,
      String.raw`(?:пожалуйста,?\s+)?(?:(?:мне|нам)\s+)?`,
    ].join(''),
    'iu',
  ),
  leadingPreposition: /^(?:о|об|обо|про|на\s+тему)\s+/iu,
  headToNominative: russianNominativeHead,
  dangling: new Set(
    'и в во на о об с со к ко по для из от про или а но что как при за под над до без у чтобы который которая которые если когда где потому'.split(
      ' ',
    ),
  ),
};

const ZH: TitleLanguage = {
  ask: /^(?:请)?(?:帮我)?(?:写|起草|撰写|创建|准备|编写)(?:一份|一篇|一个)?(?:关于)?/u,
  trailingKind: /(?:的)?(?:报告|提案|文章|手册|文档|指南)$/u,
};

/** Tried in order; the first whose writing verb opens the request names it. */
const LANGUAGES: readonly TitleLanguage[] = [EN, RU, ZH];

const ALL_DANGLING = new Set(LANGUAGES.flatMap((language) => [...(language.dangling ?? [])]));

/**
 * The title a request gives its document: its first sentence, without the
 * polite opening and the writing verb, the object put in a title's form,
 * capitalised, at most MAX_TITLE_CHARS cut between words, never
 * ending in "…" or a hanging "for".
 */
export function titleFromRequest(request: string): string {
  const sentence = firstSentence(request);
  for (const language of LANGUAGES) {
    const asked = language.ask.exec(sentence);
    if (!asked || asked[0].trim() === '') continue;
    let topic = sentence.slice(asked[0].length);
    if (language.leadingPreposition) topic = topic.replace(language.leadingPreposition, '');
    if (language.trailingKind) topic = topic.replace(language.trailingKind, '');
    if (language.headToNominative) topic = language.headToNominative(topic.split(' ')).join(' ');
    const title = tidyTitle(topic);
    if (title) return capitalized(title);
  }
  return capitalized(tidyTitle(sentence));
}

/** A request's words start a sentence; a title made from them starts with a capital ("guide to…" → "Guide to…"). */
function capitalized(title: string): string {
  return title.charAt(0).toLocaleUpperCase() + title.slice(1);
}

/**
 * A title as a person or a model gave it, made fit to store: one line, no
 * wrapping quotes, no "Title:" label, no closing full stop or "…", at most
 * MAX_TITLE_CHARS cut between words; its letters as given ("iPhone
 * guide" stays). Empty when nothing is left.
 */
export function tidyTitle(raw: string): string {
  let title = raw
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^(?:title|заголовок|название|标题)\s*[:：]\s*/iu, '')
    .replace(/^["'«“„‘]([^"«»“”„]*)["'»”“’]$/u, '$1')
    .trim();
  title = cutAtWordBoundary(title, MAX_TITLE_CHARS);
  // each removal can uncover another ("… for…"): until nothing changes
  for (let before = ''; before !== title; ) {
    before = title;
    title = withoutDanglingWords(withoutTrailingEllipsis(title).replace(/[\s.,;:!?。！？،]+$/u, ''));
  }
  return title;
}

function firstSentence(text: string): string {
  const line = text.split(/\n/u).find((l) => l.trim() !== '') ?? '';
  const flat = line.replace(/\s+/gu, ' ').trim();
  const end = /[.!?](?=\s|$)|[。！？]/u.exec(flat);
  return end ? flat.slice(0, end.index) : flat;
}

function withoutDanglingWords(title: string): string {
  const words = title.split(' ');
  while (words.length > 1 && ALL_DANGLING.has(words.at(-1)!.toLocaleLowerCase())) words.pop();
  return words.join(' ').replace(/[\s,;:\-–—]+$/u, '');
}

/** Indeclinable words that only look accusative. */
const RU_INDECLINABLE = new Set(['меню', 'интервью', 'рагу', 'табу', 'шоу', 'ревю', 'парвеню']);

/**
 * The object of "напиши" is accusative: a feminine one reads wrong as a title
 * ("Статью о компосте"). Its opening adjectives (-ую, -юю) and the noun after
 * them (-у, -ю) are put back in the nominative (-ая, -яя, -а, -я); the change
 * stops at the first noun, and a masculine or neuter object (accusative =
 * nominative: "отчёт", "руководство") is left as written.
 */
export function russianNominativeHead(words: string[]): string[] {
  const out = [...words];
  for (let i = 0; i < out.length; i++) {
    const word = out[i]!;
    const lower = word.toLocaleLowerCase();
    if (!/^\p{Script=Cyrillic}+$/u.test(word) || RU_INDECLINABLE.has(lower)) break;
    if (/(?:ую|юю)$/u.test(lower) && lower.length > 3) {
      out[i] = word.slice(0, -2) + (lower.endsWith('юю') ? 'яя' : 'ая');
      continue;
    }
    if (/[ую]$/u.test(lower) && lower.length > 3) out[i] = word.slice(0, -1) + (lower.endsWith('ю') ? 'я' : 'а');
    break;
  }
  return out;
}
