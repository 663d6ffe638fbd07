import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_LINK_SECONDS, MIN_PASSWORD_LENGTH, PASSWORD_LINK_SECONDS } from '@/lib/auth/password-rules';
import { MAX_FILES_PER_REQUEST, MAX_SOURCE_FILE_BYTES, MAX_UPLOAD_FILES_BYTES } from '@/lib/documents/sources/upload-limits';
import { MAX_CONTINUATIONS } from '@/lib/llm/prompts/continue-answer';
import { LOCALES, type Locale } from '@/lib/i18n/locales';
import { type ArticleFile, readArticles } from './seed';

/**
 * The help center is what the chat's search_docs tool answers from, so it must describe Quire as it is.
 * Articles write the labels of buttons, links, fields and page titles in bold; each must be a string the
 * interface really shows (messages/<lang>.json), and each number a rule states must be the one the code enforces.
 * Renaming a button or changing a limit without the articles fails here.
 */

/** Bold phrases that are not messages: the product's name. */
const NOT_MESSAGES = new Set(['Quire']);

function messageStrings(lang: Locale): Set<string> {
  const strings = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') strings.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(JSON.parse(readFileSync(path.resolve(process.cwd(), `messages/${lang}.json`), 'utf8')));
  return strings;
}

const boldPhrases = (article: ArticleFile) => [...article.body.matchAll(/\*\*(.+?)\*\*/g)].map((m) => m[1]!);
const topicOf = (article: ArticleFile) => article.slug.slice(0, -`-${article.lang}`.length);

/** Every number the pattern finds in the article (group 1), with the unit (group 2) when there is one. */
function stated(article: ArticleFile, pattern: RegExp): Array<{ n: number; unit: string }> {
  return [...article.body.matchAll(pattern)].map((m) => ({ n: Number(m[1]), unit: (m[2] ?? '').toLowerCase() }));
}

/** How each language states a rule's number. */
const PHRASES: Record<'passwordMinimum' | 'duration' | 'megabytes' | 'fileCount' | 'continuations', Record<Locale, RegExp>> = {
  passwordMinimum: { en: /at least (\d+) characters/gi, ru: /не короче (\d+) символ/gi, zh: /至少 ?(\d+) ?个字符/g },
  duration: { en: /(\d+) (hour|minute)/gi, ru: /(\d+) (час|минут)/gi, zh: /(\d+) ?(小时|分钟)/g },
  megabytes: { en: /(\d+) MB/g, ru: /(\d+) МБ/g, zh: /(\d+) ?MB/g },
  fileCount: { en: /at most (\d+) files/gi, ru: /не больше (\d+) файлов/gi, zh: /最多添加 ?(\d+) ?个文件/g },
  continuations: { en: /up to (\d+) times/gi, ru: /до (\d+) раз/gi, zh: /最多 ?(\d+) ?次/g },
};

const seconds = ({ n, unit }: { n: number; unit: string }) => (/^(hour|час|小时)/.test(unit) ? n * 3600 : n * 60);
const MB = 1024 * 1024;

const articles = await readArticles();

describe('help-center articles describe the product as it is', () => {
  const find = (topic: string, lang: string) => articles.find((a) => a.slug === `${topic}-${lang}`)!;

  it('every topic exists in every language', () => {
    const topicsOf = (lang: string) =>
      articles
        .filter((a) => a.lang === lang)
        .map(topicOf)
        .sort();
    for (const lang of LOCALES) expect(topicsOf(lang), lang).toEqual(topicsOf('en'));
  });

  it.each(LOCALES)('every bold phrase in the %s articles is a label the interface shows', (lang) => {
    const labels = messageStrings(lang);
    const unknown = articles
      .filter((a) => a.lang === lang)
      .flatMap((a) => boldPhrases(a).map((phrase) => ({ slug: a.slug, phrase })))
      .filter(({ phrase }) => !labels.has(phrase) && !NOT_MESSAGES.has(phrase));
    expect(unknown).toEqual([]);
  });

  it.each(LOCALES)('the numbers the %s articles give are the ones the code enforces', (lang) => {
    const inLang = articles.filter((a) => a.lang === lang);
    const all = (phrase: keyof typeof PHRASES) => inLang.flatMap((a) => stated(a, PHRASES[phrase][lang]));

    expect(all('passwordMinimum').map((s) => s.n)).toEqual(expect.arrayContaining([MIN_PASSWORD_LENGTH]));
    for (const s of all('passwordMinimum')) expect(s.n, 'password minimum').toBe(MIN_PASSWORD_LENGTH);
    expect(stated(find('reset-password', lang), PHRASES.passwordMinimum[lang]).length).toBeGreaterThan(0);

    // links: the forgotten-password link and the email-change link; no other durations are promised
    expect(stated(find('reset-password', lang), PHRASES.duration[lang]).map(seconds)).toEqual([PASSWORD_LINK_SECONDS]);
    expect(stated(find('account-email-sessions', lang), PHRASES.duration[lang]).map(seconds)).toEqual([EMAIL_CHANGE_LINK_SECONDS]);
    for (const s of all('duration')) expect([PASSWORD_LINK_SECONDS, EMAIL_CHANGE_LINK_SECONDS]).toContain(seconds(s));

    const attach = find('attach-pdf-docx', lang);
    expect(stated(attach, PHRASES.megabytes[lang]).map((s) => s.n * MB)).toEqual([MAX_SOURCE_FILE_BYTES, MAX_UPLOAD_FILES_BYTES]);
    for (const s of all('megabytes')) expect([MAX_SOURCE_FILE_BYTES, MAX_UPLOAD_FILES_BYTES]).toContain(s.n * MB);
    expect(stated(attach, PHRASES.fileCount[lang]).map((s) => s.n)).toEqual([MAX_FILES_PER_REQUEST]);

    expect(stated(find('answer-cut-off-continue', lang), PHRASES.continuations[lang]).map((s) => s.n)).toEqual([MAX_CONTINUATIONS]);
  });
});
