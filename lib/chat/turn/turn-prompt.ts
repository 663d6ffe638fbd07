import type { ModelMessage } from 'ai';
import { describeAnswerContext, type AnswerContext, type RecalledFilePart } from '@/lib/chat/context/answer-context';
import { budgetFor } from '@/lib/chat/context/budget';
import { attachedPartHeading, buildPrompt, DEFAULT_PROMPT_POLICY, type BuiltPrompt } from '@/lib/chat/context/build-prompt';
import { readKeyFacts } from '@/lib/chat/context/extract-key-facts';
import { recallQuery, toRecalled, toTsQuery } from '@/lib/chat/context/recall';
import { toKeyFactViews } from '@/lib/chat/context/key-fact-views';
import type { Instructions } from '@/lib/chat/context/render-instructions';
import type { ContextMessage, RecalledMessage, KeyFactState } from '@/lib/chat/context/types';
import type { Db } from '@/lib/db/client';
import type { ModelInfo } from '@/lib/llm/catalog';
import { CHAT_SYSTEM_PROMPT } from '../prompts/chat-turn';
import type { TurnFiles } from '@/lib/chat/files/turn-files';
import { searchChatFileParts, searchChatMessages } from './recall-rows';

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
  /** what the current message carries: files (their parts go into the prompt) and images (image parts) */
  attached?: TurnFiles;
  now: Date;
};

export type TurnPrompt = BuiltPrompt & { modelMessages: ModelMessage[]; context: AnswerContext };

/** The prompt of a turn from what is already loaded; `recalled` are older messages found for it. */
export function buildTurnPrompt(
  input: TurnPromptInput & { recalled?: RecalledMessage[]; recalledFileParts?: ReadonlyMap<string, RecalledFilePart> },
): TurnPrompt {
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
    files: input.attached?.files,
    budgetTokens: budgetFor(input.model).total,
  });
  const images = input.attached?.images ?? [];
  const last = built.messages.length - 1;
  return {
    ...built,
    modelMessages: built.messages.map((m, i) =>
      // the question's images go with it as image parts (a model without vision was refused before this)
      i === last && images.length
        ? {
            role: 'user',
            content: [
              // an image sent without words is the whole question (some providers refuse an empty text part)
              ...(m.content ? [{ type: 'text' as const, text: m.content }] : []),
              ...images.map((image) => ({
                type: 'image' as const,
                image: Buffer.from(image.bytes).toString('base64'),
                mediaType: image.mediaType,
              })),
            ],
          }
        : ({ role: m.role, content: m.content } as ModelMessage),
    ),
    context: describeAnswerContext({
      model: input.model,
      prompt: built,
      slots: keyFacts,
      summary: input.summary,
      instructions: input.instructions,
      files: input.attached?.files,
      recalledFileParts: input.recalledFileParts,
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
  return buildTurnPrompt({ ...input, ...(await recallForTurn(db, chatId, input.history, input.current)) });
}

async function recallForTurn(
  db: Db,
  chatId: string,
  history: ContextMessage[],
  current: ContextMessage,
): Promise<{ recalled: RecalledMessage[]; recalledFileParts?: Map<string, RecalledFilePart> }> {
  const query = recallQuery(current.text);
  if (!query.refersBack) return { recalled: [] };
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
  // parts of files sent earlier go first: what a file said is the source, an answer about it a retelling
  const partHits = tsquery ? await searchChatFileParts(db, chatId, tsquery, current.id, RECALL_CANDIDATES) : [];
  const recalledFileParts = new Map(
    partHits.map((hit) => [`file:${hit.fileId}:${hit.number}`, { id: hit.fileId, name: hit.name, label: hit.label, text: hit.text }]),
  );
  const parts: ContextMessage[] = partHits.map((hit) => ({
    id: `file:${hit.fileId}:${hit.number}`,
    role: 'user',
    text: `${attachedPartHeading(hit.name, hit.label)}\n${hit.text}`,
  }));
  return { recalled: toRecalled(query, [...parts, ...hits, ...tall.filter((m) => !seen.has(m.id))]), recalledFileParts };
}
