import { z } from 'zod';
import type { JsonPrompt } from '@/lib/llm/service-prompt';
import { taskHeader } from '@/lib/llm/service-task';
import type { DocumentType } from '@/lib/documents/kinds/document-type';
import { oneLine } from './prompt-text';

/** An unknown type falls back to the default type in the step; an empty title to one made from the request (lib/documents/document-title.ts). */
export const classificationReply = z.object({ type: z.string().min(1), title: z.string().max(300) });

export interface ClassifyDocumentInput {
  request: string;
  types: readonly DocumentType[];
}

/** The type step: which document type fits the request, and a short title. */
export function classifyDocumentPrompt(input: ClassifyDocumentInput): JsonPrompt<typeof classificationReply> {
  return {
    system: [
      taskHeader('classify-document'),
      'Choose the document type that fits the request best, and a short title for the document: a noun phrase in the language of the request ("Guide to composting for beginners"), not the request itself, without quotes or a closing ellipsis.',
      'Reply with JSON only: {"type": "<one of the types>", "title": "<title>"}.',
      ...input.types.map((t) => `- ${t.key}: ${t.description}`),
    ].join('\n'),
    user: `Types: ${input.types.map((t) => t.key).join(', ')}\nRequest: ${oneLine(input.request)}`,
    reply: { name: 'document_type', schema: classificationReply },
  };
}
