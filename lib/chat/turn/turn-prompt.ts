import type { ModelMessage } from 'ai';
import { budgetFor } from '@/lib/chat/context/budget';
import { buildPrompt, type BuiltPrompt } from '@/lib/chat/context/build-prompt';
import { toSlotViews } from '@/lib/chat/context/slot-views';
import type { ContextMessage, SlotState } from '@/lib/chat/context/types';
import type { ModelInfo } from '@/lib/llm/catalog';

export const CHAT_SYSTEM_PROMPT = [
  'You are Quire’s assistant. Answer in the language the user writes in, clearly and concisely, in Markdown.',
  'For questions about Quire itself (accounts, billing, installation, errors, documents), call search_docs and cite the titles of the articles you used.',
  'When the user states a lasting fact about themselves that is not their OS, device, app version, plan or language, save it with remember_fact.',
  'Respect the known facts about the user below: do not give instructions for another operating system or plan than theirs.',
].join('\n');

/** Messages sent back to the model: finished answers and what a stopped answer showed. */
export function historyForPrompt(
  rows: ReadonlyArray<{ id: string; role: string; text: string; status: string; kind: string }>,
): ContextMessage[] {
  return rows
    .filter((m) => m.kind === 'text' && (m.role === 'user' || m.role === 'assistant') && m.text.trim() && m.status !== 'streaming')
    .map((m) => ({ id: m.id, role: m.role as 'user' | 'assistant', text: m.text }));
}

export function buildTurnPrompt(input: {
  model: ModelInfo;
  slots: SlotState[];
  summary: string | null;
  summarizedThroughId: string | null;
  history: ContextMessage[];
  current: ContextMessage;
  now: Date;
}): BuiltPrompt & { modelMessages: ModelMessage[] } {
  const built = buildPrompt({
    system: CHAT_SYSTEM_PROMPT,
    slots: toSlotViews(input.slots.filter((s) => s.value !== ''), input.now),
    summary: input.summary,
    summarizedThroughId: input.summarizedThroughId,
    history: input.history,
    current: input.current,
    budgetTokens: budgetFor(input.model).total,
  });
  return { ...built, modelMessages: built.messages.map((m) => ({ role: m.role, content: m.content }) as ModelMessage) };
}

/** The service request that asks the same model to continue a cut answer (DESIGN.md problem 1). */
export const CONTINUATION_TAIL_CHARS = 5_800;

export function continuationRequest(answerSoFar: string): ModelMessage {
  let tail = answerSoFar.slice(-CONTINUATION_TAIL_CHARS);
  // never start the tail with the second half of a surrogate pair
  if (/^[\uDC00-\uDFFF]/.test(tail)) tail = tail.slice(1);
  return {
    role: 'user',
    content: [
      'Quire task: continue-answer',
      'Your previous answer was cut off by the output limit. Continue it exactly where it stops: do not repeat what is already written, do not restart the sentence or the list, do not add an introduction. The end of the answer so far:',
      '<<<ANSWER TAIL',
      tail,
      'ANSWER TAIL>>>',
    ].join('\n'),
  };
}
