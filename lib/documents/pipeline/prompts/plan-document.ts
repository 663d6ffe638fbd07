import { z } from 'zod';
import type { JsonPrompt } from '@/lib/llm/service-prompt';
import { taskHeader } from '@/lib/llm/service-task';
import type { DocumentType } from '@/lib/documents/kinds/document-type';
import { oneLine } from './prompt-text';

/** An empty brief is allowed (the step uses the title then); strict structured output needs every field present. */
export const outlineReply = z.object({
  sections: z.array(z.object({ title: z.string().trim().min(1).max(200), brief: z.string().trim().max(1000) })).min(1),
});

export interface PlanDocumentInput {
  type: DocumentType;
  request: string;
  title: string;
  /** how many sections to plan */
  sections: number;
}

/** The plan step: the type's template adapted to the request, as titled sections with one-sentence briefs. */
export function planDocumentPrompt(input: PlanDocumentInput): JsonPrompt<typeof outlineReply> {
  return {
    system: [
      taskHeader('plan-document'),
      `Plan a ${input.type.label.toLowerCase()} as a list of sections, each with a title and a one-sentence brief of what it covers.`,
      'Start from the template; adapt titles to the request. Reply with JSON only: {"sections": [{"title": "…", "brief": "…"}]}.',
    ].join('\n'),
    user: [
      `Request: ${oneLine(input.request)}`,
      `Type: ${input.type.key}`,
      `Title: ${input.title}`,
      ...input.type.sectionTemplates.map((t) => `Template: ${t.title} — ${t.purpose}`),
      `Sections: ${input.sections}`,
    ].join('\n'),
    reply: { name: 'document_outline', schema: outlineReply },
  };
}
