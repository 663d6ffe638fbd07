import type { Language } from '../types';
import { textReply, type ChatScenario } from './chat-scenario';

const INTRO: Record<Language, string> = {
  en: 'Here is a function that keeps the first copy of each line, in the order the lines first appear:',
  ru: 'Вот функция, которая оставляет первую копию каждой строки в том порядке, в каком строки встретились впервые:',
  zh: '下面的函数保留每一行第一次出现的副本，并按首次出现的顺序排列：',
};

const CODE = [
  '```python',
  'def remove_duplicate_lines(path: str) -> int:',
  '    """Rewrites the file without repeated lines; returns how many were removed."""',
  '    seen: set[str] = set()',
  '    kept: list[str] = []',
  '    with open(path, encoding="utf-8") as file:',
  '        lines = file.readlines()',
  '    for line in lines:',
  '        if line not in seen:',
  '            seen.add(line)',
  '            kept.append(line)',
  '    with open(path, "w", encoding="utf-8") as file:',
  '        file.writelines(kept)',
  '    return len(lines) - len(kept)',
  '```',
].join('\n');

const AFTER: Record<Language, string> = {
  en: 'A set answers "seen before?" in constant time, so the whole pass takes\n\n$$\nT(n) = O(n)\n$$\n\nfor $$n$$ lines, where comparing every pair would take $$O(n^2)$$.[^1]\n\n| approach | time | keeps order |\n|---|---|---|\n| set of seen lines | $$O(n)$$ | yes |\n| `sorted(set(lines))` | $$O(n \\log n)$$ | no |\n\n[^1]: Reading the file still needs memory for all of its lines.',
  ru: 'Множество отвечает на вопрос «уже встречалась?» за постоянное время, поэтому весь проход занимает\n\n$$\nT(n) = O(n)\n$$\n\nдля $$n$$ строк, тогда как сравнение всех пар заняло бы $$O(n^2)$$.[^1]\n\n| способ | время | порядок |\n|---|---|---|\n| множество встреченных строк | $$O(n)$$ | сохраняется |\n| `sorted(set(lines))` | $$O(n \\log n)$$ | теряется |\n\n[^1]: Для чтения файла всё равно нужна память под все его строки.',
  zh: '集合判断“是否出现过”只需常数时间，所以整个过程耗时\n\n$$\nT(n) = O(n)\n$$\n\n其中 $$n$$ 为行数；逐对比较则需要 $$O(n^2)$$。[^1]\n\n| 方法 | 时间 | 保持顺序 |\n|---|---|---|\n| 已见行的集合 | $$O(n)$$ | 是 |\n| `sorted(set(lines))` | $$O(n \\log n)$$ | 否 |\n\n[^1]: 读取文件仍需要容纳所有行的内存。',
};

const ASKS_FOR_CODE = /\bpython\b/i;
const A_FUNCTION = /function|функци|函数/i;

/**
 * A request for code (the empty chat's "Write code" example, or `[sim:markdown]`) gets an
 * answer with what a real model's has: a fenced code block, display and inline math, a
 * table and a footnote, so the offline demo shows how answers are rendered.
 */
export const codeAnswer: ChatScenario = {
  name: 'code-answer',
  matches: (context) => context.directives.markdown || (ASKS_FOR_CODE.test(context.userText) && A_FUNCTION.test(context.userText)),
  reply: (context) => textReply(`${INTRO[context.language]}\n\n${CODE}\n\n${AFTER[context.language]}`),
};
