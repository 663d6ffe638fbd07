import type { ServicePrompt } from '@/lib/llm/service-prompt';
import { taskHeader } from '@/lib/llm/service-task';
import { oneLine } from './prompt-text';

export interface ReviseSectionInput {
  instruction: string;
  /** the section's whole current text: it is the fragment being rewritten */
  body: string;
  facts: Array<{ marker: number; text: string }>;
  /** figures and names the fact check flagged in the first attempt */
  regenerationOf: string[] | null;
}

/**
 * The chat's revise_section: a whole section rewritten by instruction. It is
 * a rewrite of one fragment (the whole text), so it speaks the same
 * `rewrite-fragment` task as a range rewrite.
 */
export function reviseSectionPrompt(input: ReviseSectionInput): ServicePrompt {
  return {
    system: [
      taskHeader('rewrite-fragment'),
      'Rewrite the fragment as the instruction says. Reply with ONLY the replacement text, in the same Markdown.',
      'Keep every citation marker like [^1]; use figures and names only from the facts.',
    ].join('\n'),
    user: [
      `Instruction: ${oneLine(input.instruction)}`,
      ...(input.regenerationOf ? ['Regeneration: 1', `Not supported by the facts, leave out: ${input.regenerationOf.join(', ')}`] : []),
      'Facts:',
      ...input.facts.map((f) => `[^${f.marker}] ${f.text}`),
      '<<<FRAGMENT',
      input.body,
      'FRAGMENT>>>',
    ].join('\n'),
  };
}
