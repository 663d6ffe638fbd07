import { segmentWords, tsQueryOf } from '@/lib/text/segment';
import { countTokens } from '@/lib/text/token-count';
import type { ContextMessage, RecalledMessage } from './types';

/**
 * Recalling older messages the current one refers back to ("what was on line 60 of that log?",
 * "the QX-7781 error again"). Only such a message triggers a search, so an ordinary turn costs no
 * extra query and no extra tokens. The words are segmented exactly as search_docs does it
 * (Intl.Segmenter, then PostgreSQL's 'simple' config), so Chinese works without spaces.
 */

/** A phrase that points back at something said earlier, in any of the three languages. */
const BACK_REFERENCE = new RegExp(
  [
    String.raw`(?<![A-Za-z])(?:earlier|before|above|previously|again|remember|recall|mentioned|pasted|posted|sent|shared|attached|you\s+(?:said|wrote|suggested|told)|I\s+(?:said|wrote|asked)|back\s+to|(?:that|those|the\s+same)\s+(?:log|error|file|message|code|output|list|config|table|trace|line|step|command|answer|question)s?)(?![A-Za-z])`,
    String.raw`(?<![\p{L}\p{N}])(?:раньше|ранее|выше|прежде|снова|опять|помнишь|помните|напомни\p{L}*|я\s+(?:писал\p{L}*|присылал\p{L}*|скидывал\p{L}*|вставлял\p{L}*)|ты\s+(?:писал|говорил|советовал)\p{L}*|вы\s+(?:писали|говорили|советовали)|т(?:от|от\s+же|а|у|ой|ом|ому|ого|е|ех)\s+(?:лог|ошибк|файл|сообщени|код|вывод|список|строк|команд|шаг)\p{L}*)(?![\p{L}\p{N}])`,
    '之前|刚才|上面|前面|先前|早些|那个|那段|那条|那份|你说过|你刚说|我说过|我贴|我发的|还记得|再看|我问过|我问的',
  ].join('|'),
  'iu',
);

/**
 * The person points at something they asked or said themselves ("what did I ask earlier about
 * downloads?", «что я спрашивал про загрузку», 「我之前问过下载的事」): the answer is among their own
 * older messages, and one shared content word is enough to find it.
 */
const OWN_ASK = new RegExp(
  [
    String.raw`(?<![A-Za-z])(?:I\s+(?:\w+\s+)?(?:asked|ask|said|say|wrote|write|mentioned|mention|had|was\s+asking)|my\s+(?:\w+\s+)?(?:question|message)s?|(?:question|thing)\s+I)(?![A-Za-z])`,
    String.raw`(?<![\p{L}\p{N}])(?:я\s+(?:[\p{L}-]+\s+){0,3}(?:спрашивал\p{L}*|спросил\p{L}*|писал\p{L}*|задавал\p{L}*|интересовал\p{L}*)|(?:мо[йеёя]\p{L}*|сво[йеёя]\p{L}*)\s+(?:[\p{L}-]+\s+)?(?:вопрос\p{L}*|сообщени\p{L}*))(?![\p{L}\p{N}])`,
    '我(?:之前|刚才|前面|上次|刚刚|早些时候)?(?:问过|问的|问了|提过|说过|发过)|我的问题',
  ].join('|'),
  'iu',
);

/** "line 60", "строка 60", "第60行": a place in a long message. */
const LINE_REFERENCE =
  /(?<![A-Za-z])lines?\s+(\d{1,5})|(?<![\p{L}])строк\p{L}*\s+(?:№\s*)?(\d{1,5})|(\d{1,5})[-\s]?(?:я|й)?\s+строк\p{L}*|第\s*(\d{1,5})\s*行/giu;

/** Exact identifiers: QX-7781, E_SYNC_409, 0x80070005, v3.4.2, setup.exe. Each one alone is reason to search. */
const IDENTIFIER =
  /(?<![\p{L}\p{N}_])(?:[A-Za-z]{1,8}[-_][A-Za-z0-9_-]*\d[A-Za-z0-9_-]*|0x[0-9A-Fa-f]{4,}|[A-Z]{1,4}\d{2,}|\d+\.\d+(?:\.\d+)+|[\w-]+\.(?:exe|dll|log|json|ya?ml|txt|cfg|ini|conf|sh|py|ts|js|msi|dmg|pkg))(?![\p{L}\p{N}_])/gu;

/** Quoted words: "…", «…», “…”, 「…」. */
const QUOTED = /"([^"\n]{2,80})"|«([^»\n]{2,80})»|“([^”\n]{2,80})”|「([^」\n]{1,80})」|『([^』\n]{1,80})』/gu;

const STOP_WORDS = new Set(
  (
    'a an the and or but if of on in at to for from by with about as into is are was were be been being do does did have has had ' +
    'i me my we our you your he she it they them their this that these those there here what which who whom when where why how ' +
    'can could would should will shall may might must not no yes so than then too very just also again still earlier before above ' +
    'previously remember recall mentioned pasted posted sent shared said wrote told asked back same one please thanks thank ok okay ' +
    'и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее мне было вот от меня еще нет о из ему ' +
    'теперь когда даже ну вдруг ли если уже или ни быть был него до вас нибудь опять уж вам ведь там потом себя ничего ей может они тут ' +
    'где есть надо ней для мы тебя их чем была сам чтобы без будто чего раз тоже себе под будет ж тогда кто этот того потому этого какой ' +
    'совсем ним здесь этом один почти мой тем чтобы нее сейчас были куда зачем всех никогда можно при наконец два об другой хоть после ' +
    'над больше тот через эти нас про всего них какая много разве три эту моя впрочем хорошо свою этой перед иногда лучше чуть том нельзя ' +
    'такой им более всегда конечно всю между раньше ранее выше снова помнишь та ту той те это писал писала говорил ' +
    'ask asking question questions remind going sorry something thing say wrote write had did what earlier again ' +
    'спрашивал спрашивала спросил спросила вопрос вопроса вопросу вопросом вопросе напомни напомните вернусь вернёмся прошлый прошлому прошлом ' +
    'насчёт насчет вроде там было писали задавал задавала сообщение сообщении у вас ' +
    '问 问过 问题 事 来着 一下 回到 记得 还记得 那个 怎么回事 怎么说 一遍 再说 说的 是什么 ' +
    '的 了 是 我 你 他 她 它 们 在 有 和 就 不 也 都 这 那 个 吗 呢 吧 啊 什么 怎么 为什么 一个 之前 刚才 上面 前面 那个 说 过 还 再'
  ).split(/\s+/),
);

export type RecallQuery = {
  /** Whether the message refers back at all; when false, no search is made. */
  refersBack: boolean;
  /** Words to search for (lower-cased, segmented); `prefix` ones match any ending ("лога" → "лог…"). */
  terms: Array<{ word: string; prefix: boolean; strong: boolean; identifier: boolean; phrase?: string[] }>;
  /** Line numbers the message points at, 1-based. */
  lines: number[];
  /**
   * The person asks about their own earlier message and names nothing exact: only their own
   * messages are searched, and one shared content word is enough.
   */
  ownAsk: boolean;
};

export function recallQuery(text: string): RecallQuery {
  const lines = [...text.matchAll(LINE_REFERENCE)].map((m) => Number(m[1] ?? m[2] ?? m[3] ?? m[4])).filter((n) => n > 0);
  const strongWords = new Set<string>();
  for (const match of text.matchAll(IDENTIFIER)) for (const word of segmentWords(match[0], 'zh')) strongWords.add(word);
  const identifierWords = new Set(strongWords);
  const identifiers = identifierWords.size;
  for (const match of text.matchAll(QUOTED)) {
    const quoted = match.slice(1).find(Boolean) ?? '';
    for (const word of segmentWords(quoted, 'zh')) if (!STOP_WORDS.has(word)) strongWords.add(word);
  }
  const terms = new Map<string, RecallQuery['terms'][number]>();
  const words = segmentWords(text, 'zh');
  for (const word of words) {
    if (STOP_WORDS.has(word) || terms.has(word)) continue;
    const han = /\p{Script=Han}/u.test(word);
    const digits = /^\d+$/.test(word);
    if (!strongWords.has(word) && (han ? word.length < 2 : !digits && word.length < 3)) continue;
    if (digits && !strongWords.has(word) && !lines.includes(Number(word))) continue; // a bare number matches too much
    const strong = strongWords.has(word);
    terms.set(word, {
      word: stemmed(word, strong),
      prefix: !strong && !han && !digits && word.length >= 3,
      strong,
      identifier: identifierWords.has(word),
    });
  }
  for (const phrase of hanPhrases(words)) {
    const word = phrase.join('');
    if (!terms.has(word)) terms.set(word, { word, prefix: false, strong: false, identifier: false, phrase });
  }
  // "line 60": the number itself rarely appears in the message; the words around it do ("log", "лог", "日志").
  for (const n of lines) terms.delete(String(n));
  // a quoted word ("click «Continue»") sharpens a search but is no reason for one; an identifier is
  const ownAsk = OWN_ASK.test(text);
  const refersBack = BACK_REFERENCE.test(text) || ownAsk || lines.length > 0 || identifiers > 0;
  const all = [...terms.values()].flatMap((term) => [term, ...spellings(term)]);
  return {
    refersBack: refersBack && (terms.size > 0 || lines.length > 0),
    terms: all,
    lines,
    ownAsk: ownAsk && strongWords.size === 0 && lines.length === 0 && terms.size > 0,
  };
}

/**
 * The segmenter cuts some Chinese words into single characters ("上传" → 上|传), and so does the
 * index; a run of such characters is searched as the phrase it was ('上' <-> '传').
 */
function hanPhrases(words: string[]): string[][] {
  const phrases: string[][] = [];
  let run: string[] = [];
  for (const word of [...words, '']) {
    if (word.length === 1 && /\p{Script=Han}/u.test(word) && !STOP_WORDS.has(word)) {
      run.push(word);
      continue;
    }
    if (run.length >= 2 && run.length <= 4) phrases.push(run);
    run = [];
  }
  return phrases;
}

/** "счет" is also written "счёт": a Russian stem with one е/ё is searched both ways (the index does not fold them). */
function spellings(term: RecallQuery['terms'][number]): RecallQuery['terms'] {
  if (term.strong || (term.word.match(/[её]/g) ?? []).length !== 1) return [];
  return [{ ...term, word: term.word.includes('ё') ? term.word.replace('ё', 'е') : term.word.replace('е', 'ё') }];
}

/**
 * A light stemmer for prefix search: Russian and English words lose their inflection and the
 * common derivational suffixes, so a noun finds its verb and back ("загрузку" → "загруз", which
 * finds "загрузить"; "downloads" → "download"; "resetting" → "reset"; "authentication" →
 * "authentic"). PostgreSQL's own `russian` snowball stems "загрузку" and "загрузить" apart
 * ("загрузк", "загруз"), and the index is on the `simple` configuration, so the stem is made here
 * and matched as a prefix (`:*`) on that one index.
 */
export function stemmed(word: string, strong = false): string {
  if (strong || !/^\p{L}+$/u.test(word) || /\p{Script=Han}/u.test(word)) return word;
  if (/\p{Script=Cyrillic}/u.test(word)) return stemRussian(word);
  return stemEnglish(word);
}

const RU_REFLEXIVE = /(?:ся|сь)$/u;
const RU_ENDINGS = [
  'ить',
  'ать',
  'ять',
  'еть',
  'ыть',
  'уть',
  'ии',
  'иями',
  'ями',
  'ами',
  'ией',
  'ием',
  'иях',
  'ого',
  'его',
  'ому',
  'ему',
  'ыми',
  'ими',
  'ешь',
  'ишь',
  'ете',
  'ите',
  'ала',
  'ила',
  'ыла',
  'яла',
  'ая',
  'яя',
  'ое',
  'ее',
  'ые',
  'ие',
  'ий',
  'ый',
  'ой',
  'ей',
  'ом',
  'ем',
  'им',
  'ым',
  'ам',
  'ям',
  'ах',
  'ях',
  'ию',
  'ью',
  'ия',
  'ья',
  'ов',
  'ев',
  'ть',
  'ти',
  'ла',
  'ло',
  'ли',
  'ил',
  'ыл',
  'ал',
  'ял',
  'ет',
  'ит',
  'ут',
  'ют',
  'ат',
  'ят',
  'ую',
  'юю',
  'у',
  'ю',
  'а',
  'я',
  'о',
  'е',
  'ы',
  'и',
  'й',
  'ь',
];
const RU_DERIVATIONAL = ['ивани', 'ывани', 'овани', 'иван', 'ыван', 'ован', 'ени', 'ани', 'ость', 'ост', 'ств', 'ен', 'ан', 'к'];
const MIN_STEM = 4;

function stripLongest(word: string, suffixes: readonly string[], minStem = MIN_STEM): string {
  for (const suffix of suffixes) {
    if (word.endsWith(suffix) && word.length - suffix.length >= minStem) return word.slice(0, -suffix.length);
  }
  return word;
}

const byLength = (list: string[]) => [...list].sort((a, b) => b.length - a.length);
const RU_ENDINGS_SORTED = byLength(RU_ENDINGS);
const RU_DERIVATIONAL_SORTED = byLength(RU_DERIVATIONAL);

function stemRussian(word: string): string {
  let stem = word.length - 2 >= MIN_STEM ? word.replace(RU_REFLEXIVE, '') : word;
  // a short Russian word keeps a three-letter root ("логу" → "лог")
  stem = stripLongest(stem, RU_ENDINGS_SORTED, 3);
  return stripLongest(stem, RU_DERIVATIONAL_SORTED);
}

const EN_SUFFIXES = byLength(['ations', 'ation', 'ions', 'ion', 'ings', 'ing', 'ies', 'ied', 'ed', 'es', 's', 'ly', 'ments', 'ment']);

function stemEnglish(word: string): string {
  if (word.length < 5) return word;
  let stem = stripLongest(word, EN_SUFFIXES);
  // "resetting" → "resett" → "reset"; "upgrade" → "upgrad" (finds "upgrading")
  if (stem !== word && /([b-df-hj-np-tv-z])\1$/.test(stem) && !/(?:ll|ss|zz)$/.test(stem)) stem = stem.slice(0, -1);
  if (stem.length > MIN_STEM && stem.endsWith('e')) stem = stem.slice(0, -1);
  return stem;
}

/**
 * The query as PostgreSQL reads it: any term may match (OR), ranked by ts_rank. When the message
 * names an exact identifier or quotes words, only those are searched: "who owns QX-7781 again?"
 * means the message with QX-7781, not the ones that share "owns".
 */
export function toTsQuery(query: RecallQuery): string | null {
  const strong = query.terms.filter((t) => t.strong);
  const terms = strong.length > 0 ? strong : query.terms;
  if (terms.length === 0) return null;
  return terms
    .map((t) => (t.phrase ? `(${t.phrase.map((w) => tsQueryOf([{ word: w }], '&')).join(' <-> ')})` : tsQueryOf([t], '|')))
    .join(' | ');
}

/** Which of the query's terms `text` contains (the context view shows them as the reason for the recall). */
export function matchedTerms(query: RecallQuery, text: string): string[] {
  const words = new Set(segmentWords(text, 'zh'));
  const hits: string[] = [];
  for (const term of query.terms) {
    const found = term.prefix
      ? [...words].some((w) => w.startsWith(term.word))
      : words.has(term.word) || text.toLowerCase().includes(term.word);
    if (found) hits.push(term.word);
  }
  return hits;
}

/**
 * A search hit is worth its tokens when it shares an exact identifier or quoted word with the
 * question, or two ordinary words, or it is long enough to have the line asked about.
 */
export function isRelevantRecall(query: RecallQuery, text: string, matched: string[]): boolean {
  // an identifier must be the one matched ("E_SYNC_409", not the "conflict" quoted beside it)
  const identifierTerms = query.terms.filter((t) => t.identifier);
  if (identifierTerms.length > 0) return identifierTerms.some((t) => matched.includes(t.word));
  const strongTerms = query.terms.filter((t) => t.strong);
  if (strongTerms.length > 0) return strongTerms.some((t) => matched.includes(t.word));
  const lineCount = text.split('\n').length;
  // few messages have 60 lines: one that does is what "line 60" means
  if (query.lines.length > 0 && query.lines.some((n) => n <= lineCount)) return true;
  // "what did I ask about downloads?": the person's own messages were searched, one content word names the one meant
  if (query.ownAsk) return matched.length >= 1;
  return matched.length >= 2;
}

/**
 * What of a recalled message goes into the prompt: the whole message when it fits in `maxTokens`,
 * else the lines asked about and the lines with matching words, each with its number and two
 * neighbours, in order ("60: …"), so the model sees exactly the place the person means.
 */
export function excerptForRecall(
  message: RecalledMessage,
  maxTokens: number,
  excerptMaxTokens = maxTokens,
): { text: string; tokens: number; excerpt: boolean } | null {
  const whole = countTokens(message.text);
  if (whole <= maxTokens) return { text: message.text, tokens: whole, excerpt: false };
  maxTokens = Math.min(maxTokens, excerptMaxTokens);
  const lines = message.text.split('\n');
  // the lines asked about first (each with two neighbours), then lines with matching words
  const priority: number[] = [];
  const around = (index: number) => [index, index - 1, index + 1, index - 2, index + 2].filter((i) => i >= 0 && i < lines.length);
  // "line 60" of a pasted log: the 60th line of the log, which may sit one line lower under a heading
  for (const n of message.focusLines ?? []) priority.push(...around(n - 1), ...around(n));
  const matched = message.matched.map((w) => w.toLowerCase());
  lines.forEach((line, index) => {
    if (matched.some((w) => line.toLowerCase().includes(w))) priority.push(...around(index));
  });
  const chosen = new Set<number>();
  let budget = maxTokens;
  for (const index of priority) {
    if (chosen.has(index)) continue;
    const cost = countTokens(`${index + 1}: ${lines[index]}\n`) + 2; // + a possible "[…]" marker
    if (cost > budget) break;
    chosen.add(index);
    budget -= cost;
  }
  let text = '';
  let previous = -2;
  for (const index of [...chosen].sort((a, b) => a - b)) {
    text += `${index === previous + 1 ? '' : '[…]\n'}${index + 1}: ${lines[index]}\n`;
    previous = index;
  }
  if (text.length === 0) return null;
  text = text.trimEnd();
  const tokens = countTokens(text);
  // seams between lines can count a token differently: never hand back more than was allowed
  return tokens <= maxTokens ? { text, tokens, excerpt: true } : null;
}

/** Recalled messages for the prompt, from search hits (newest-first ties), with their reasons. */
export function toRecalled(query: RecallQuery, hits: ContextMessage[]): RecalledMessage[] {
  const recalled: RecalledMessage[] = [];
  for (const hit of hits) {
    const matched = matchedTerms(query, hit.text);
    if (isRelevantRecall(query, hit.text, matched)) recalled.push({ ...hit, matched, focusLines: query.lines });
  }
  return recalled;
}
