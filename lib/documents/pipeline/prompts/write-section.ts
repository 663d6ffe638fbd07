import type { ServicePrompt } from '@/lib/llm/service-prompt';
import { taskHeader } from '@/lib/llm/service-task';
import type { DocumentType } from '@/lib/documents/kinds/document-type';
import type { NumberedFact } from '../research-facts';
import { oneLine } from './prompt-text';

/** Outline titles either side of the section the writer sees: enough to stay coherent, flat as the document grows. */
export const OUTLINE_WINDOW = 2;
const FACT_PROMPT_CAP = 400;
const REQUEST_PROMPT_CAP = 300;

export interface WritePromptInput {
  type: DocumentType;
  documentTitle: string;
  request: string;
  sectionsTotal: number;
  section: { position: number; title: string; brief: string };
  /** titles of the sections within OUTLINE_WINDOW of this one, by position */
  outline: Array<{ position: number; title: string }>;
  previous: { title: string; digest: string } | null;
  next: { title: string; brief: string } | null;
  facts: NumberedFact[];
  /** tokens the fact check flagged in the first draft: the regeneration is told to leave them out */
  regenerationOf?: string[];
}

/**
 * A section's prompt: its own brief, its own facts and a short context
 * (outline window + neighbours' digests), never the whole document.
 */
export function buildWritePrompt(input: WritePromptInput): ServicePrompt {
  const system = [
    taskHeader('write-section'),
    `You write one section of a ${input.type.label.toLowerCase()}. ${input.type.writingPrompt}`,
    'Use only the numbered facts for figures, dates, codes and proper names, and cite each fact you use with its marker, e.g. [^1].',
    'Write Markdown (paragraphs, lists, tables, emphasis); do not repeat the section title as a heading.',
  ].join('\n');
  const lines = [
    `Document: ${input.documentTitle}`,
    `Request: ${oneLine(input.request).slice(0, REQUEST_PROMPT_CAP)}`,
    `Outline (section ${input.section.position} of ${input.sectionsTotal}):`,
    ...input.outline.map((o) => `${o.position}. ${o.title}${o.position === input.section.position ? ' (this section)' : ''}`),
  ];
  if (input.previous) lines.push(`Previous section, ${input.previous.title}: ${input.previous.digest}`);
  if (input.next) lines.push(`Next section, ${input.next.title}: ${input.next.brief}`);
  lines.push(`Section: ${input.section.title}`, `Brief: ${oneLine(input.section.brief)}`, 'Facts:');
  lines.push(...input.facts.map((f) => `[^${f.marker}] ${oneLine(f.text).slice(0, FACT_PROMPT_CAP)}`));
  if (input.regenerationOf) {
    lines.push('Regeneration: 1', `Not supported by the facts, leave out: ${input.regenerationOf.join(', ')}`);
  }
  return { system, user: lines.join('\n') };
}
