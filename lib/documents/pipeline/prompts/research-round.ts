import { z } from 'zod';
import type { JsonPrompt } from '@/lib/llm/service-prompt';
import { taskHeader } from '@/lib/llm/service-task';

/** Each fact names the numbered paragraph it came from; the step drops facts citing a paragraph it did not send. */
export const factsReply = z.object({
  facts: z
    .array(z.object({ text: z.string().trim().min(1).max(2000), sourceId: z.string(), paragraph: z.coerce.number().int().positive() }))
    .max(50),
});

export interface ResearchRoundInput {
  section: { title: string; brief: string };
  round: number;
  /** "Q: … A: …" lines: they explain the person's answers, they are not material */
  answered: string[];
  material: Array<{ sourceId: string; number: number; text: string }>;
}

/** A research round for one section: facts quoted from the numbered source paragraphs, each with its paragraph. */
export function researchRoundPrompt(input: ResearchRoundInput): JsonPrompt<typeof factsReply> {
  return {
    system: [
      taskHeader('research-round'),
      'Extract short factual statements relevant to the section from the numbered source paragraphs.',
      'Quote facts faithfully; give each its sourceId and paragraph. Reply with JSON only: {"facts": [{"text", "sourceId", "paragraph"}]}.',
      "The clarifying questions, if listed, only explain what the person's answers refer to: a question is never a fact.",
    ].join('\n'),
    user: [
      `Section: ${input.section.title}`,
      `Brief: ${input.section.brief}`,
      `Round: ${input.round}`,
      ...(input.answered.length > 0 ? ["Clarifying questions and the person's answers (context, not material):", ...input.answered] : []),
      ...input.material.map((p) => `[${p.sourceId}#${p.number}] ${p.text.replace(/\s+/g, ' ')}`),
    ].join('\n'),
    reply: { name: 'research_facts', schema: factsReply },
  };
}
