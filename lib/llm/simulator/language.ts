import type { Language } from './types';

/**
 * The answer language follows the script the user writes in; Han characters
 * weigh double because one of them carries about a word.
 */
export function detectLanguage(text: string): Language {
  const cyrillic = count(text, /\p{Script=Cyrillic}/gu);
  const han = count(text, /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu) * 2;
  const latin = count(text, /\p{Script=Latin}/gu);
  if (cyrillic > 0 && cyrillic >= han && cyrillic >= latin) return 'ru';
  if (han > 0 && han >= latin) return 'zh';
  return 'en';
}

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}
