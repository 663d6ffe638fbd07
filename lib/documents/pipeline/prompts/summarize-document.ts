import type { ServicePrompt } from '@/lib/llm/service-prompt';
import { taskHeader } from '@/lib/llm/service-task';

export interface SummarizeDocumentInput {
  title: string;
  /** each section's stored digest, not its text */
  sections: Array<{ title: string; summary: string | null }>;
}

/** The finalize step's summary: headings and section digests, so the prompt stays bounded for a long document. */
export function summarizeDocumentPrompt(input: SummarizeDocumentInput): ServicePrompt {
  return {
    system: [taskHeader('summarize-document'), 'Summarise the document in two or three sentences for its reader.'].join('\n'),
    user: [`# ${input.title}`, ...input.sections.map((s) => `## ${s.title}\n\n${s.summary ?? ''}`)].join('\n\n'),
  };
}
