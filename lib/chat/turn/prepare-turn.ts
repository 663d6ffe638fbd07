import { randomUUID } from 'node:crypto';
import type { ModelMessage } from 'ai';
import type { Db, Tx } from '@/lib/db/client';
import type { ReservedCall } from '@/lib/billing/billed-call';
import { InsufficientCreditsError } from '@/lib/billing/ledger';
import type { ModelInfo } from '@/lib/llm/catalog';
import { applyKeyFactUpdates } from '@/lib/chat/context/apply-key-fact-updates';
import { extractKeyFacts } from '@/lib/chat/context/extract-key-facts';
import { forgetKeyFactValues } from '@/lib/chat/context/forget-key-fact-values';
import { DEFAULT_SUMMARY_FOLD_POLICY } from '@/lib/chat/context/summary-fold';
import { recordKeyFactValues } from '@/lib/chat/key-facts-store';
import { leaveBranchAt } from '@/lib/chat/branches';
import { buildChatTools } from '@/lib/chat/tools/registry';
import { citationsOf } from './tool-citations';
import { toolsAsSent } from '@/lib/llm/provider-prompt';
import { AppError, notFound } from '@/lib/errors';
import { checkRateLimit, rateRules } from '@/lib/rate-limit/rate-limit';
import { DEFAULT_CHAT_TITLE as DEFAULT_TITLE, MAX_SIDE_BY_SIDE } from '@/lib/chat/limits';
import { createPhaseClock } from '@/lib/ops/phase-clock';
import { checkVision, loadTurnFiles } from '@/lib/chat/files/turn-files';
import { releaseLiveTurn } from './live-turn-lock';
import { composeTurnPrompt, historyForPrompt } from './turn-prompt';
import { claimChatForTurn, loadMessagesThrough, openTurnRows, type ChatForTurn, type OpenTurn } from './turn-rows';
import type { PreparedTurn, TurnDeps, TurnMode } from './types';
import type { ToolCallData } from './wire';
import { cutAtWordBoundary } from '@/lib/text/cut-at-word';

export interface TurnRequest {
  userId: string;
  chatId: string;
  /**
   * `regenerate` answers the last answer's question again (any status, any model): a new sibling answer,
   * billed as a new turn, shown instead of the old one (which stays, one ‹ n / m › away: lib/chat/branches.ts).
   * `edit` sends `text` as a sibling of one of the person's messages: it and everything after it leave the
   * branch on screen (kept, not deleted), and the new message is answered like a new one.
   */
  mode: TurnMode | 'regenerate' | 'edit';
  /** the user's new message (modes answer and edit) */
  text?: string;
  /** files and images attached to the new message (uploaded to POST /api/chats/:id/files first) */
  fileIds?: string[];
  modelId?: string;
  /**
   * More models that answer the new message side by side with `modelId` (mode answer only): each answer
   * is its own billed turn, written as a sibling of the first, which stays on screen until another is picked
   */
  compare?: string[];
  /** the assistant message to continue or retry; the person's message to replace (mode edit) */
  messageId?: string;
  rateLimitPerMinute: number;
  /** the real client address (the server's); counted with the account when known */
  clientAddress?: string;
}

/**
 * Everything before the first model call, in docs/api.md's order of refusals:
 * 404 (not yours) → 409 (a turn is live) → 429 (rate) → 402 (credits). The user's
 * message, the streaming assistant message, the ledger entry and the first
 * call's reservation are written in ONE transaction: a refusal leaves nothing.
 * Each phase's wall time goes back with the turn (the response's Server-Timing).
 */
export async function prepareTurn(deps: TurnDeps, req: TurnRequest): Promise<PreparedTurn> {
  const now = deps.now?.() ?? new Date();
  const phases = createPhaseClock();
  const turnId = randomUUID();
  const rules = rateRules({ userId: req.userId, clientAddress: req.clientAddress }, req.rateLimitPerMinute);
  // The claim only takes a chat of this person's: a 404 leaves the chat untouched.
  const { chat, claim } = await claimChatForTurn(deps.db, {
    chatId: req.chatId,
    turnId,
    userId: req.userId,
    now,
    rateRules: rules,
  });
  phases.end('claim');
  try {
    if (!chat) throw notFound('No such chat.');
    let rows = chat.messages;
    // Continue/Retry/Edit of a message (or its question) older than the recent messages (opened from a search
    // hit far back): the window that ends at it instead
    const inRecent = req.mode === 'edit' ? rows.some((m) => m.id === req.messageId) : hasQuestionFor(rows, req.messageId);
    if (req.mode !== 'answer' && !inRecent && req.messageId) rows = await loadMessagesThrough(deps.db, chat.id, req.messageId);
    // Continue/Retry of an answer of a side-by-side round that is not the one on screen: its question's branch, then it
    if ((req.mode === 'continue' || req.mode === 'retry') && req.messageId && !rows.some((m) => m.id === req.messageId))
      rows = await withRoundAnswer(deps.db, chat.id, rows, req.messageId);
    const asNew = req.mode === 'answer' || req.mode === 'edit';
    const replaced = req.mode === 'edit' ? rows.find((m) => m.id === req.messageId && m.role === 'user') : undefined;
    const regenerated = req.mode === 'regenerate';
    if (req.mode === 'edit' && !replaced) throw notFound('No such message of yours in this chat.');
    const target = asNew ? null : rows.find((m) => m.id === req.messageId && m.role === 'assistant');
    if (!asNew) {
      if (!target) throw notFound('No such answer in this chat.');
      if (req.mode === 'regenerate') {
        // a later answer was built on this one; rewriting it would leave the conversation inconsistent
        if (rows.findLast((m) => m.role !== 'system' && m.kind !== 'event')?.id !== target.id)
          throw new AppError('conflict', 'Only the last answer can be regenerated.');
        if (target.status === 'streaming') throw new AppError('turn_in_progress', 'This answer is still being written.');
      } else {
        const allowed = req.mode === 'continue' ? ['truncated', 'stopped'] : ['error'];
        if (!allowed.includes(target.status)) {
          throw new AppError(
            'conflict',
            `Only ${allowed.join(' or ')} answers can be ${req.mode === 'continue' ? 'continued' : 'retried'}; this one is ${target.status}.`,
          );
        }
      }
    }
    // both write a new message (Regenerate only the answer): a new branch from the same parent
    const mode: TurnMode = req.mode === 'regenerate' || req.mode === 'edit' ? 'answer' : req.mode;
    if (!claim) throw new AppError('turn_in_progress', 'An answer is still being written in this chat. Stop it or wait for it to finish.');
    await checkRateLimit(deps.db, rules, claim.requestsThisMinute, now);
    const model = deps.catalog.find(req.modelId ?? target?.model ?? chat.model) ?? deps.catalog.default;
    if (req.modelId && !deps.catalog.find(req.modelId)) throw new AppError('validation_failed', `Unknown model "${req.modelId}".`);

    // The user message this turn answers, and the history before it.
    const userMessageId = target ? findQuestionId(rows, target.id) : randomUUID();
    const question = target ? rows.find((m) => m.id === userMessageId) : null;
    const currentText = target ? (question?.text ?? '') : req.text!;
    const cutAt = target ? rows.findIndex((m) => m.id === userMessageId) : replaced ? rows.indexOf(replaced) : rows.length;
    const before = rows.slice(0, cutAt);
    // the message a new branch starts at: it and what follows it leave the branch on screen
    const leftFrom = replaced ?? (regenerated ? target! : undefined);
    const leftAt = leftFrom ? rows.indexOf(leftFrom) : rows.length;
    // a summary that folded in a message leaving the branch would tell the model about it: the prompt goes without
    const summaryIndex = chat.summaryThroughId ? rows.findIndex((m) => m.id === chat.summaryThroughId) : -1;
    const summaryKept = summaryIndex < leftAt;
    // a new question's files were just uploaded; a rerun reads again what its question was sent with
    const attached = asNew
      ? await loadTurnFiles(deps.db, { chatId: chat.id, userId: req.userId, fileIds: req.fileIds ?? [] })
      : await loadTurnFiles(deps.db, { chatId: chat.id, userId: req.userId, messageId: userMessageId });
    checkVision(model, deps.catalog, attached);
    const sideModels = sideBySideModels(deps, model, req);
    for (const sideModel of sideModels) checkVision(sideModel, deps.catalog, attached);

    phases.end('checks');
    const extracted = asNew ? extractKeyFacts(currentText) : [];
    // a new branch takes back what the messages leaving the screen stated; what the new text states is recorded below
    const leftIds = rows.slice(leftAt).map((m) => m.id);
    const keyFactsBefore = leftIds.length ? forgetKeyFactValues(chat.slots, new Set(leftIds)) : chat.slots;
    const keyFactsNow = applyKeyFactUpdates(keyFactsBefore, extracted, { messageId: userMessageId, at: now }).next;
    const promptFor = (model: ModelInfo) =>
      composeTurnPrompt(deps.db, chat.id, {
        model,
        instructions: chat.instructions,
        slots: keyFactsNow,
        summary: summaryKept ? chat.summary : null,
        summarizedThroughId: summaryKept ? chat.summaryThroughId : null,
        history: historyForPrompt(before),
        current: { id: userMessageId, role: 'user', text: currentText },
        attached,
        now,
      });
    const prompt = await promptFor(model);
    const assistantMessageId = target && !regenerated ? target.id : randomUUID();
    // Retry of an answer that failed after its tools ran: resume from the failed round with their results
    const resumed = req.mode === 'retry' ? await resumableToolRounds(deps.db, target!.id) : undefined;
    const promptMessages = resumed ? [...prompt.modelMessages, ...resumed.toolRounds] : prompt.modelMessages;
    const tools = await buildChatTools(
      {
        db: deps.db,
        chatId: chat.id,
        userId: req.userId,
        userMessageId,
        turnId,
        webSearch: chat.webSearch,
        citedBefore: resumed ? citationsOf(resumed.toolRounds).length : 0,
      },
      deps.extraTools,
    );
    const toolsJson = await toolsAsSent(tools);

    phases.end('prompt');
    const rowsToOpen: OpenTurn = {
      mode,
      turnId,
      entryId: randomUUID(),
      userId: req.userId,
      chatId: chat.id,
      userMessageId,
      assistantMessageId,
      question: target ? null : currentText,
      model,
      purpose: mode === 'continue' ? 'continuation' : 'answer',
      messages: promptMessages,
      toolsJson,
      // a photo sent on its own names the chat after itself
      title:
        chat.title === DEFAULT_TITLE && asNew
          ? titleFrom(currentText || [...attached.images, ...attached.files].map((file) => file.name).join(', '))
          : null,
      context: prompt.context,
      fileIds: asNew ? [...attached.files, ...attached.images].map((file) => file.id) : [],
      ...(sideModels.length ? { round: turnId } : {}),
      now,
    };
    // the round's other answers: each its own prompt (each model's window), tools, turn and ledger entry
    const sides = !sideModels.length
      ? []
      : await Promise.all(
          sideModels.map(async (sideModel, index) => {
            const sideTurnId = randomUUID();
            const sidePrompt = await promptFor(sideModel);
            const sideTools = await buildChatTools(
              { db: deps.db, chatId: chat.id, userId: req.userId, userMessageId, turnId: sideTurnId, webSearch: chat.webSearch },
              deps.extraTools,
            );
            const rows: OpenTurn = {
              ...rowsToOpen,
              turnId: sideTurnId,
              entryId: randomUUID(),
              assistantMessageId: randomUUID(),
              question: null,
              model: sideModel,
              messages: sidePrompt.modelMessages,
              toolsJson: await toolsAsSent(sideTools),
              title: null,
              context: sidePrompt.context,
              fileIds: [],
              side: index + 1,
            };
            return { rows, tools: sideTools };
          }),
        );
    // facts stated in the question are recorded with it, and a new branch takes the old one off screen, in
    // the same transaction: a refusal (credits) leaves the chat as it was
    const sideCalls: ReservedCall[] = [];
    const firstCall =
      extracted.length || leftFrom || sides.length
        ? await deps.db.$transaction(async (tx) => {
            if (leftFrom) await leaveBranchAt(tx, chat.id, leftFrom.id, now);
            const opened = await openSideBySide(tx, rowsToOpen, sides.length);
            for (const side of sides) sideCalls.push(await openSideBySide(tx, side.rows, sides.length, sideCalls.length + 1));
            if (extracted.length)
              await recordKeyFactValues(tx, chat.id, extracted, { messageId: userMessageId, at: now, kind: 'extracted' });
            return opened;
          })
        : await openTurnRows(deps.db, rowsToOpen);
    phases.end('open');

    return {
      turnId,
      chatId: chat.id,
      userId: req.userId,
      userMessageId,
      assistantMessageId,
      entryId: rowsToOpen.entryId,
      model,
      mode,
      messages: promptMessages,
      firstCall,
      tools,
      toolsJson,
      initialText: req.mode === 'continue' ? target!.text : '',
      initialContinuations: req.mode === 'continue' ? target!.continuations : 0,
      resumed,
      // the window is short, so something has nearly always dropped out: ask for the (separate, billed)
      // summary refresh only once it would fold, counting this turn's question and answer
      needsSummary: prompt.unsummarizedDroppedIds.length + 2 >= DEFAULT_SUMMARY_FOLD_POLICY.minFoldMessages,
      phases: phases.all(),
      ...(sides.length
        ? {
            round: { lockId: turnId },
            sides: sides.map(({ rows, tools }, index) => ({
              turnId: rows.turnId,
              chatId: chat.id,
              userId: req.userId,
              userMessageId,
              assistantMessageId: rows.assistantMessageId,
              entryId: rows.entryId,
              model: rows.model,
              mode,
              messages: rows.messages,
              firstCall: sideCalls[index]!,
              tools,
              toolsJson: rows.toolsJson,
              initialText: '',
              initialContinuations: 0,
              needsSummary: false,
              phases: [],
              round: { lockId: turnId },
            })),
          }
        : {}),
    };
  } catch (error) {
    if (claim) await releaseLiveTurn(deps.db, req.chatId, turnId);
    throw error;
  }
}

/** The models asked to answer side by side with `first`: known, each once, only for a new message. */
function sideBySideModels(deps: TurnDeps, first: ModelInfo, req: TurnRequest): ModelInfo[] {
  if (!req.compare?.length) return [];
  if (req.mode !== 'answer') throw new AppError('validation_failed', 'Only a new message can be answered side by side.');
  const models = req.compare.map((id) => {
    const model = deps.catalog.find(id);
    if (!model) throw new AppError('validation_failed', `Unknown model "${id}".`);
    return model;
  });
  const ids = [first.id, ...models.map((m) => m.id)];
  if (new Set(ids).size !== ids.length) throw new AppError('validation_failed', 'Each model can answer a message side by side only once.');
  if (ids.length > MAX_SIDE_BY_SIDE) throw new AppError('validation_failed', `At most ${MAX_SIDE_BY_SIDE} models can answer side by side.`);
  return models;
}

/**
 * Opens one answer's rows and reservation (`index` in its round); in a round of `sides + 1` answers a
 * wallet that cannot reserve this one refuses the whole round (the transaction writes nothing), naming
 * how many answers it covers.
 */
async function openSideBySide(tx: Tx, rows: OpenTurn, sides: number, index = 0): Promise<ReservedCall> {
  try {
    return await openTurnRows(tx, rows);
  } catch (error) {
    if (!sides || !(error instanceof InsufficientCreditsError)) throw error;
    const answers = sides + 1;
    throw new AppError(
      'insufficient_credits',
      `Not enough credits for ${answers} answers side by side: your balance covers ${index} of them. Pick fewer models or add credits.`,
      { answers, affordable: index },
    );
  }
}

function hasQuestionFor(rows: ReadonlyArray<{ id: string; role: string }>, answerId: string | undefined): boolean {
  const index = rows.findIndex((m) => m.id === answerId);
  return index > 0 && rows.slice(0, index).some((m) => m.role === 'user');
}

function findQuestionId(rows: ReadonlyArray<{ id: string; role: string }>, answerId: string): string {
  const index = rows.findIndex((m) => m.id === answerId);
  for (let i = index - 1; i >= 0; i--) if (rows[i]!.role === 'user') return rows[i]!.id;
  throw notFound('The question this answer belongs to is missing.');
}

/**
 * The branch up to an answer's question, then that answer, when the answer is one of a side-by-side round
 * not on screen (its question is): each answer of a round continues or retries on its own.
 */
async function withRoundAnswer(db: Db, chatId: string, rows: ChatForTurn['messages'], messageId: string): Promise<ChatForTurn['messages']> {
  const answer = await db.message.findFirst({
    where: { id: messageId, chatId, role: 'assistant', onBranch: false },
    select: { id: true, role: true, kind: true, text: true, status: true, model: true, continuations: true, parentId: true, meta: true },
  });
  const question = answer?.parentId ? rows.findIndex((m) => m.id === answer.parentId) : -1;
  if (!answer || question < 0 || !(answer.meta as { round?: string } | null)?.round) return rows;
  const { parentId: _parent, meta: _meta, ...row } = answer;
  return [...rows.slice(0, question + 1), row];
}

/** A new chat's title: its first message cut between words, without "…" (the list and the header truncate for the eye). */
export function titleFrom(text: string): string {
  return cutAtWordBoundary(text, 60) || DEFAULT_TITLE;
}

/** The tool rounds a failed answer completed, with the tools they called, when it kept any (run-turn.ts). */
async function resumableToolRounds(db: Db, messageId: string): Promise<PreparedTurn['resumed']> {
  const row = await db.message.findUnique({ where: { id: messageId }, select: { meta: true } });
  const meta = row?.meta as { toolRounds?: ModelMessage[] | null; tools?: ToolCallData[] } | null;
  if (!meta?.toolRounds?.length) return undefined;
  return { toolRounds: meta.toolRounds, tools: meta.tools ?? [] };
}
