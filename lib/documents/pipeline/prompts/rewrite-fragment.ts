import type { ServicePrompt } from '@/lib/llm/service-prompt';
import { taskHeader } from '@/lib/llm/service-task';
import { splitsSurrogatePair } from '@/lib/documents/canvas/splice';
import { oneLine } from './prompt-text';

/**
 * How much of the section on each side of the fragment the model sees: enough
 * for tone and for what "it" refers to, bounded so that rewriting a sentence
 * of a long section costs the same as in a short one.
 */
export const CONTEXT_CHARS = 600;

export interface FragmentContext {
  before: string;
  after: string;
}

/** Up to `limit` characters before `start` and after `end`, never cutting an emoji in half. */
export function fragmentContext(body: string, start: number, end: number, limit = CONTEXT_CHARS): FragmentContext {
  let from = Math.max(0, start - limit);
  if (splitsSurrogatePair(body, from)) from += 1;
  let to = Math.min(body.length, end + limit);
  if (splitsSurrogatePair(body, to)) to -= 1;
  return { before: body.slice(from, start), after: body.slice(end, to) };
}

export interface Regeneration {
  /** figures and names the fact check found no support for */
  unsupported: string[];
  /** citation markers of the fragment the first attempt dropped */
  lostMarkers: string[];
}

export interface RewritePromptInput {
  sectionTitle: string;
  instruction: string;
  fragment: string;
  context: FragmentContext;
  facts: Array<{ marker: number; text: string }>;
  regeneration: Regeneration | null;
}

const SYSTEM = [
  taskHeader('rewrite-fragment'),
  'Rewrite ONLY the fragment between the lines <<<FRAGMENT and FRAGMENT>>> as the instruction says.',
  'The context before and after it (JSON strings) is there so the rewrite fits in; never repeat or change it.',
  'Reply with ONLY the replacement text, in the same Markdown: no fences, no quotes, no comments.',
  'Keep every citation marker like [^1]. Use figures, dates, codes and names only from the facts, the fragment or the instruction.',
].join('\n');

/**
 * The simulator-compatible rewrite prompt (lib/llm/simulator/README.md,
 * `rewrite-fragment`). Context goes in as JSON strings so that each stays on
 * one labelled line and its exact edges (a space, a line break) are visible.
 */
export function rewritePrompt(input: RewritePromptInput): ServicePrompt {
  const regeneration = input.regeneration;
  const user = [
    `Instruction: ${oneLine(input.instruction)}`,
    ...(regeneration ? ['Regeneration: 1'] : []),
    ...(regeneration && regeneration.unsupported.length > 0
      ? [`Not supported by the facts, leave out: ${regeneration.unsupported.join(', ')}`]
      : []),
    ...(regeneration && regeneration.lostMarkers.length > 0 ? [`Keep these citation markers: ${regeneration.lostMarkers.join(' ')}`] : []),
    `Section: ${oneLine(input.sectionTitle)}`,
    'Facts:',
    ...input.facts.map((fact) => `[^${fact.marker}] ${oneLine(fact.text)}`),
    `Context before: ${JSON.stringify(input.context.before)}`,
    `Context after: ${JSON.stringify(input.context.after)}`,
    '<<<FRAGMENT',
    input.fragment,
    'FRAGMENT>>>',
  ];
  return { system: SYSTEM, user: user.join('\n') };
}
