import { labelledLine } from '../conversation';
import type { ServiceTask } from './service-task';
import { freeText, taskInput, titleFromRequest } from './task-input';

/** Words in three languages that name a document type. */
const TYPE_SYNONYMS: Record<string, RegExp> = {
  report: /report|отч[её]т|доклад|报告/iu,
  proposal: /proposal|предложени|提案|建议书/iu,
  article: /article|blog post|стать|文章/iu,
  manual: /manual|guide|handbook|руководств|инструкци|手册|指南/iu,
  memo: /memo|записк|备忘/iu,
};

function chooseDocumentType(types: string[], request: string): string {
  const lower = request.toLowerCase();
  const direct = types.find((type) => lower.includes(type.toLowerCase()));
  if (direct) return direct;
  const bySynonym = types.find((type) => TYPE_SYNONYMS[type.toLowerCase()]?.test(request));
  return bySynonym ?? types[0] ?? 'report';
}

/** `Types: a, b, c` + the request → `{"type", "title"}`. */
export const classifyDocument: ServiceTask = {
  name: 'classify-document',
  reply: (context) => {
    const input = taskInput(context);
    const types = (labelledLine(input, 'Types') ?? '')
      .split(/[,;]/)
      .map((t) => t.trim())
      .filter(Boolean);
    const request = labelledLine(input, 'Request') ?? freeText(input, ['Types']);
    return JSON.stringify({ type: chooseDocumentType(types, request), title: titleFromRequest(request) });
  },
};
