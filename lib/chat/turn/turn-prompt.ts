import type { ModelMessage } from 'ai';
import { describeAnswerContext, type AnswerContext } from '@/lib/chat/context/answer-context';
import { budgetFor } from '@/lib/chat/context/budget';
import { buildPrompt, DEFAULT_PROMPT_POLICY, type BuiltPrompt } from '@/lib/chat/context/build-prompt';
import { readKeyFacts } from '@/lib/chat/context/extract-key-facts';
import { recallQuery, toRecalled, toTsQuery } from '@/lib/chat/context/recall';
import { toKeyFactViews } from '@/lib/chat/context/key-fact-views';
import type { Instructions } from '@/lib/chat/context/render-instructions';
import type { ContextMessage, RecalledMessage, KeyFactState } from '@/lib/chat/context/types';
import type { Db } from '@/lib/db/client';
import type { ModelInfo } from '@/lib/llm/catalog';
import { CHAT_SYSTEM_PROMPT } from '../prompts/chat-turn';
import { searchChatMessages } from './recall-rows';

/** Messages sent back to the model: finished answers and what a stopped answer showed. */
export function historyForPrompt(
  rows: ReadonlyArray<{ id: string; role: string; text: string; status: string; kind: string }>,
): ContextMessage[] {
  return rows
    .filter((m) => m.kind === 'text' && (m.role === 'user' || m.role === 'assistant') && m.text.trim() && m.status !== 'streaming')
    .map((m) => ({ id: m.id, role: m.role as 'user' | 'assistant', text: m.text }));
}

export type TurnPromptInput = {
  model: ModelInfo;
  /** the person's "About me" and "How to answer", and the chat's own instructions */
  instructions?: Instructions;
  slots: KeyFactState[];
  summary: string | null;
  summarizedThroughId: string | null;
  /** oldest first, without the current message */
  history: ContextMessage[];
  current: ContextMessage;
  now: Date;
};

export type TurnPrompt = BuiltPrompt & { modelMessages: ModelMessage[]; context: AnswerContext };

/** The prompt of a turn from what is already loaded; `recalled` are older messages found for it. */
export function buildTurnPrompt(input: TurnPromptInput & { recalled?: RecalledMessage[] }): TurnPrompt {
  const keyFacts = toKeyFactViews(
    input.slots.filter((s) => s.value !== ''),
    input.now,
  );
  const built = buildPrompt({
    system: CHAT_SYSTEM_PROMPT,
    instructions: input.instructions,
    slots: keyFacts,
    unattributed: input.current.role === 'user' ? readKeyFacts(input.current.text).unattributed : [],
    summary: input.summary,
    summarizedThroughId: input.summarizedThroughId,
    history: input.history,
    current: input.current,
    recalled: input.recalled,
    budgetTokens: budgetFor(input.model).total,
  });
  return {
    ...built,
    modelMessages: built.messages.map((m) => ({ role: m.role, content: m.content }) as ModelMessage),
    context: describeAnswerContext({
      model: input.model,
      prompt: built,
      slots: keyFacts,
      summary: input.summary,
      instructions: input.instructions,
    }),
  };
}

/** How many search hits to weigh; the prompt takes the best DEFAULT_PROMPT_POLICY.recallMaxMessages of them. */
const RECALL_CANDIDATES = 4;

/**
 * The prompt the chat route sends: when the current message refers back ("line 60 of that log",
 * "QX-7781 again"), one indexed search over the chat's older messages first, then the prompt.
 * Any other message costs no query. The context benchmark runs this same function.
 */
export async function composeTurnPrompt(db: Db, chatId: string, input: TurnPromptInput): Promise<TurnPrompt> {
  return buildTurnPrompt({ ...input, recalled: await recallForTurn(db, chatId, input.history, input.current) });
}

async function recallForTurn(db: Db, chatId: string, history: ContextMessage[], current: ContextMessage): Promise<RecalledMessage[]> {
  const query = recallQuery(current.text);
  if (!query.refersBack) return [];
  // Recent messages are searched too: one too long for the window (a log pasted a turn ago) must
  // still be found; the builder skips hits that are in the window anyway, so fetch that many more.
  const excluded = [current.id];
  const tsquery = toTsQuery(query);
  const limit = RECALL_CANDIDATES + DEFAULT_PROMPT_POLICY.windowMaxMessages;
  const roles = query.ownAsk ? (['user'] as const) : (['user', 'assistant'] as const);
  const hits = tsquery ? await searchChatMessages(db, chatId, tsquery, excluded, limit, roles) : [];
  // "line 60": a message that long is a candidate even when the question shares no word with it
  const longest = Math.max(0, ...query.lines);
  const tall = longest > 0 ? history.filter((m) => m.text.split('\n').length >= longest).reverse() : [];
  const seen = new Set(hits.map((m) => m.id));
  return toRecalled(query, [...hits, ...tall.filter((m) => !seen.has(m.id))]);
}
