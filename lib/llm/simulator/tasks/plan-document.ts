import { labelledLine } from '../conversation';
import { detectLanguage } from '../language';
import type { Language } from '../types';
import type { ServiceTask } from './service-task';
import { freeText, taskInput, titleFromRequest } from './task-input';

interface PlannedSection {
  title: string;
  brief: string;
}

const TEMPLATE_LINE = /^\s*Template:\s*(.+?)\s+[—–-]\s+(.+?)\s*$/gimu;

const DEFAULT_OUTLINE: Record<Language, [string, string][]> = {
  en: [
    ['Introduction', 'What the document is about and why it matters'],
    ['Background', 'The context a reader needs'],
    ['Analysis', 'The main findings from the sources'],
    ['Recommendations', 'What to do next'],
    ['Conclusion', 'The key takeaways'],
  ],
  ru: [
    ['Введение', 'О чём документ и почему это важно'],
    ['Контекст', 'Что нужно знать читателю'],
    ['Анализ', 'Основные выводы из источников'],
    ['Рекомендации', 'Что делать дальше'],
    ['Заключение', 'Главные выводы'],
  ],
  zh: [
    ['引言', '文档的主题及其重要性'],
    ['背景', '读者需要了解的背景'],
    ['分析', '来自资料的主要发现'],
    ['建议', '下一步行动'],
    ['结论', '关键要点'],
  ],
};

const EXTRA_SECTION: Record<Language, (k: number) => [string, string]> = {
  en: (k) => [`Further topic ${k}`, 'Additional points the request calls for'],
  ru: (k) => [`Дополнительная тема ${k}`, 'Прочие пункты, которых требует запрос'],
  zh: (k) => [`补充主题${k}`, '请求涉及的其他要点'],
};

/** `Template: <title> — <purpose>` lines (+ optional `Sections: N`) → `{"sections": [{title, brief}]}`. */
export const planDocument: ServiceTask = {
  name: 'plan-document',
  reply: (context) => {
    const input = taskInput(context);
    const request = labelledLine(input, 'Request') ?? freeText(input, ['Template', 'Sections', 'Type', 'Title']);
    const language = detectLanguage(request);
    const topic = titleFromRequest(request);
    const templates = [...input.matchAll(TEMPLATE_LINE)].map((m): [string, string] => [m[1], m[2]]);
    const outline = templates.length > 0 ? templates : DEFAULT_OUTLINE[language];
    const wanted = Number.parseInt(labelledLine(input, 'Sections') ?? '', 10);
    const count = Number.isFinite(wanted) && wanted > 0 ? wanted : outline.length;
    const sections: PlannedSection[] = [];
    for (let i = 0; i < count; i += 1) {
      const [title, purpose] = outline[i] ?? EXTRA_SECTION[language](i - outline.length + 1);
      sections.push({ title, brief: topic ? `${purpose} — ${topic}` : purpose });
    }
    return JSON.stringify({ sections });
  },
};
