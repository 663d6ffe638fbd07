import type { ModelMessage } from 'ai';
import { runBilledCall, type BilledCallResult } from '@/lib/billing/billed-call';
import { InsufficientCreditsError } from '@/lib/billing/ledger';
import { buildSummaryRequest, planSummaryFold } from '@/lib/chat/context/summary-fold';
import type { ModelInfo } from '@/lib/llm/catalog';
import { loadKeyFactStates } from './key-facts-store';
import { buildTurnPrompt, historyForPrompt } from './turn/turn-prompt';
import type { PreparedTurn, TurnDeps } from './turn/types';
import { logError } from '@/lib/log';

const running = new Set<string>();

/** After the answer is saved (never delaying it): fold turns that left the window into the chat's summary. */
export function scheduleSummary(deps: TurnDeps, turn: PreparedTurn): void {
  if (running.has(turn.chatId)) return;
  running.add(turn.chatId);
  void refreshSummary(deps, turn)
    .catch((error) => logError({ event: 'summary_error', chatId: turn.chatId, error }))
    .finally(() => running.delete(turn.chatId));
}

/** the most messages a summary refresh reads: far more than one turn's prompt window ever drops at once */
const SUMMARY_READ_LIMIT = 200;

export function cheapestModel(models: readonly ModelInfo[]): ModelInfo {
  return [...models].sort((a, b) => a.inputPrice + a.outputPrice - (b.inputPrice + b.outputPrice))[0]!;
}

/** Billed as a `summary` call of the turn that needed it; returns whether the summary changed. */
export async function refreshSummary(
  deps: TurnDeps,
  turn: Pick<PreparedTurn, 'chatId' | 'userId' | 'entryId' | 'turnId' | 'model'>,
  signal?: AbortSignal,
): Promise<boolean> {
  const chat = await deps.db.chat.findUniqueOrThrow({ where: { id: turn.chatId } });
  if (!chat.summariesEnabled) return false;
  // what the summary does not cover yet (from the last message it does), not the whole chat: a turn in a
  // 4,000-message chat reads what a turn in a new one does
  const through = chat.summaryThroughId
    ? await deps.db.message.findUnique({ where: { id: chat.summaryThroughId }, select: { createdAt: true } })
    : null;
  const newest = await deps.db.message.findMany({
    // the branch on screen: a summary folds in only what the person sees (lib/chat/branches.ts)
    where: { chatId: chat.id, onBranch: true, ...(through ? { createdAt: { gte: through.createdAt } } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: SUMMARY_READ_LIMIT,
  });
  const rows = newest.reverse();
  const history = historyForPrompt(rows);
  const current = history.at(-1);
  if (!current) return false;
  const prompt = buildTurnPrompt({
    model: turn.model,
    slots: await loadKeyFactStates(deps.db, chat.id),
    summary: chat.summary,
    summarizedThroughId: chat.summaryThroughId,
    history: history.slice(0, -1),
    current,
    now: new Date(),
  });
  const plan = planSummaryFold(history, prompt);
  if (!plan) return false;

  const request = buildSummaryRequest(chat.summary, plan.fold);
  const model = cheapestModel(deps.catalog.models);
  const messages = request.messages as ModelMessage[];
  const seq = await deps.db.modelCall.count({ where: { entryId: turn.entryId } });
  let call: BilledCallResult;
  try {
    call = await runBilledCall({
      db: deps.db,
      userId: turn.userId,
      model,
      languageModel: deps.provider.chatModel(model.id),
      purpose: 'summary',
      booking: { open: async () => ({ entryId: turn.entryId, seq }) },
      messages,
      maxOutputTokens: request.maxOutputTokens,
      abortSignal: signal ? AbortSignal.any([signal, AbortSignal.timeout(60_000)]) : AbortSignal.timeout(60_000),
      headers: { 'x-quire-turn-id': turn.turnId },
      ids: { turnId: turn.turnId, jobId: null },
      log: deps.log,
    });
  } catch (error) {
    if (error instanceof InsufficientCreditsError) return false; // no credits: the window simply stays as it is
    throw error;
  }
  const { round } = call;
  // a stopped or failed summary is billed by the one rule (charged for what was produced), but never stored half-made
  const failed = !!round.error || round.aborted || call.cut;
  if (failed || !round.text.trim()) return false;
  // the person may have switched to another branch while it was written: then it is not this branch's summary
  const saved = await deps.db.$executeRaw`
    UPDATE chat SET summary = ${round.text.trim()}, "summaryThroughId" = ${plan.throughId}
    WHERE id = ${chat.id} AND EXISTS (SELECT 1 FROM message WHERE id = ${plan.throughId} AND "onBranch")`;
  return saved > 0;
}
