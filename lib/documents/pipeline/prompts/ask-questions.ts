import { z } from 'zod';
import type { JsonPrompt } from '@/lib/llm/service-prompt';
import { taskHeader } from '@/lib/llm/service-task';
import { oneLine } from './prompt-text';

/** More than asked for is accepted and cut by the step: a chatty model should not cost a retry. */
export const questionsReply = z.object({ questions: z.array(z.string().trim().min(1).max(500)).max(10) });

export interface AskQuestionsInput {
  request: string;
  title: string;
  sectionTitles: string[];
  maxQuestions: number;
}

/** The questions step: what the document needs that the request does not say; possibly nothing. */
export function askQuestionsPrompt(input: AskQuestionsInput): JsonPrompt<typeof questionsReply> {
  return {
    system: [
      taskHeader('ask-questions'),
      `Ask the person at most ${input.maxQuestions} short questions whose answers the document needs and the request does not give.`,
      'Reply with JSON only: {"questions": ["…"]}; an empty list when nothing is missing.',
    ].join('\n'),
    user: [`Request: ${oneLine(input.request)}`, `Title: ${input.title}`, `Sections: ${input.sectionTitles.join('; ')}`].join('\n'),
    reply: { name: 'clarifying_questions', schema: questionsReply },
  };
}
