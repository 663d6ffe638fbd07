import type { Language } from '../types';
import { mapWords } from './fragment-tokens';

export type TranslationTarget = Language;

/** Rows of [English, Russian, Chinese]: enough for a crude, visible translation. */
const DICTIONARY: [string, string, string][] = [
  ['report', 'отчёт', '报告'],
  ['document', 'документ', '文档'],
  ['section', 'раздел', '部分'],
  ['data', 'данные', '数据'],
  ['user', 'пользователь', '用户'],
  ['users', 'пользователи', '用户们'],
  ['system', 'система', '系统'],
  ['time', 'время', '时间'],
  ['year', 'год', '年'],
  ['market', 'рынок', '市场'],
  ['growth', 'рост', '增长'],
  ['company', 'компания', '公司'],
  ['product', 'продукт', '产品'],
  ['customer', 'клиент', '客户'],
  ['customers', 'клиенты', '客户们'],
  ['important', 'важный', '重要'],
  ['new', 'новый', '新'],
  ['good', 'хороший', '好'],
  ['results', 'результаты', '结果'],
  ['and', 'и', '和'],
  ['is', 'является', '是'],
  ['we', 'мы', '我们'],
  ['our', 'наш', '我们的'],
  ['this', 'этот', '这个'],
  ['with', 'с', '与'],
  ['for', 'для', '为了'],
  ['in', 'в', '在'],
  ['analysis', 'анализ', '分析'],
  ['cost', 'стоимость', '成本'],
  ['price', 'цена', '价格'],
  ['sales', 'продажи', '销售'],
  ['team', 'команда', '团队'],
  ['project', 'проект', '项目'],
  ['plan', 'план', '计划'],
  ['quickly', 'быстро', '快速'],
  ['help', 'помощь', '帮助'],
  ['world', 'мир', '世界'],
  ['hello', 'привет', '你好'],
  ['energy', 'энергия', '能源'],
  ['city', 'город', '城市'],
  ['people', 'люди', '人们'],
];

const COLUMN: Record<Language, 0 | 1 | 2> = { en: 0, ru: 1, zh: 2 };

const SYNONYMS: Record<string, string> = {
  important: 'essential',
  use: 'employ',
  uses: 'employs',
  show: 'demonstrate',
  shows: 'demonstrates',
  help: 'assist',
  helps: 'assists',
  big: 'large',
  many: 'numerous',
  also: 'additionally',
  because: 'since',
  get: 'obtain',
  make: 'create',
  good: 'solid',
  fast: 'quick',
  very: 'highly',
  важный: 'значимый',
  важно: 'существенно',
  использовать: 'применять',
  показывает: 'демонстрирует',
  помогает: 'содействует',
  много: 'немало',
  также: 'кроме того',
  быстро: 'оперативно',
  очень: 'весьма',
};

const FORMAL: Record<string, string> = {
  gonna: 'going to',
  wanna: 'want to',
  kids: 'children',
  guys: 'colleagues',
  stuff: 'material',
  things: 'matters',
  ok: 'acceptable',
  okay: 'acceptable',
  really: 'truly',
  get: 'obtain',
  big: 'substantial',
  cool: 'excellent',
  awesome: 'excellent',
  lots: 'a great deal',
  pretty: 'rather',
  привет: 'здравствуйте',
  ок: 'хорошо',
  окей: 'хорошо',
  классно: 'превосходно',
  круто: 'превосходно',
  щас: 'сейчас',
  норм: 'нормально',
  ребята: 'коллеги',
  короче: 'итак',
  типа: 'например',
};

const HAN_SYNONYMS: [string, string][] = [
  ['重要', '关键'],
  ['使用', '采用'],
  ['显示', '表明'],
  ['帮助', '协助'],
  ['很多', '许多'],
  ['因为', '由于'],
  ['快速', '迅速'],
  ['非常', '十分'],
];
const HAN_FORMAL: [string, string][] = [
  ['你', '您'],
  ['好的', '好'],
  ['挺', '相当'],
  ['东西', '事项'],
];

/** Splits "important," into "", "important", "," so punctuation stays put. */
const WORD_PARTS = /^([^\p{L}\p{N}]*)([\p{L}\p{N}'’-]*)([\s\S]*)$/u;

function replaceWord(word: string, table: Record<string, string>): string {
  const [, before = '', core = '', after = ''] = WORD_PARTS.exec(word) ?? [];
  const replacement = table[core.toLowerCase()];
  if (!replacement) return word;
  const cased = core[0] && core[0] !== core[0].toLowerCase() ? replacement[0].toUpperCase() + replacement.slice(1) : replacement;
  return `${before}${cased}${after}`;
}

/** Han terms never overlap a citation marker or an emoji, so plain substring replacement is safe. */
function replaceHan(body: string, pairs: [string, string][]): string {
  return pairs.reduce((text, [from, to]) => text.split(from).join(to), body);
}

export function replaceWords(body: string, table: 'synonyms' | 'formal'): string {
  const words = table === 'synonyms' ? SYNONYMS : FORMAL;
  return replaceHan(
    mapWords(body, (word) => replaceWord(word, words)),
    table === 'synonyms' ? HAN_SYNONYMS : HAN_FORMAL,
  );
}

export function translateWords(body: string, from: Language, to: TranslationTarget): string {
  if (from === to) return body;
  if (from === 'zh') {
    const rows = [...DICTIONARY].sort((a, b) => b[2].length - a[2].length);
    return replaceHan(
      body,
      rows.map((row) => [row[2], ` ${row[COLUMN[to]]} `]),
    )
      .replace(/ {2,}/g, ' ')
      .trim();
  }
  const table = Object.fromEntries(DICTIONARY.map((row) => [row[COLUMN[from]], row[COLUMN[to]]]));
  return mapWords(body, (word) => replaceWord(word, table));
}
