import type { Language } from './types';

const FILLER: Record<Language, (k: number, topic: string) => string> = {
  en: (k, topic) => `Point ${k}: one more detail about ${topic}, and the answer keeps going.`,
  ru: (k, topic) => `Пункт ${k}: ещё одна деталь о теме «${topic}», и ответ продолжается.`,
  zh: (k, topic) => `第${k}点：关于“${topic}”的又一个细节，回答还在继续。`,
};

/**
 * `[sim:endless]`: an answer that never ends. The filler only grows at the
 * end, so a longer version is an extension of a shorter one and a
 * continuation can still find where the previous part stopped.
 */
export function extendEndlessly(text: string, language: Language, topic: string, minChars: number): string {
  const lines: string[] = [];
  let length = text.length + 2;
  for (let k = 1; length < minChars; k += 1) {
    const line = FILLER[language](k, topic);
    lines.push(line);
    length += line.length + 1;
  }
  return lines.length === 0 ? text : `${text}\n\n${lines.join('\n')}`;
}
