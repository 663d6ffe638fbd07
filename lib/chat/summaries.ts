import type { ModelMessage } from 'ai';
import type { App } from '@/lib/app';
import { InsufficientCreditsError, reserveCall, settleCall } from '@/lib/billing/ledger';
import { costMicros, maxCallCostMicros } from '@/lib/billing/pricing';
import { countTokens } from '@/lib/billing/tokens';
import { buildSummaryRequest, planSummaryFold } from '@/lib/chat/context/summary-fold';
import type { ModelInfo } from '@/lib/llm/catalog';
import { loadSlotStates } from './slots-store';
import { streamRound } from './turn/stream-round';
import { buildTurnPrompt, historyForPrompt } from './turn/turn-prompt';
import type { PreparedTurn, TurnDeps } from './turn/types';
import { logError } from '@/lib/log';

const running = new Set<string>();

/** After the answer is saved (never delaying it): fold turns that left the window into the chat's summary. */
export function scheduleSummary(app: App, turn: PreparedTurn): void {
  if (running.has(turn.chatId)) return;
  running.add(turn.chatId);
  void refreshSummary(app.turnDeps, turn)
    .catch((error) => logError({ event: 'summary_error', chatId: turn.chatId, error }))
    .finally(() => running.delete(turn.chatId));
}

export function cheapestModel(models: readonly ModelInfo[]): ModelInfo {
  return [...models].sort((a, b) => a.inputPrice + a.outputPrice - (b.inputPrice + b.outputPrice))[0]!;
}

/** Billed as a `summary` call of the turn that needed it; returns whether the summary changed. */
export async function refreshSummary(deps: TurnDeps, turn: Pick<PreparedTurn, 'chatId' | 'userId' | 'entryId' | 'turnId' | 'model'>): Promise<boolean> {
  const chat = await deps.db.chat.findUniqueOrThrow({ where: { id: turn.chatId } });
  if (!chat.summariesEnabled) return false;
  const rows = await deps.db.message.findMany({ where: { chatId: chat.id }, orderBy: { createdAt: 'asc' } });
  const history = historyForPrompt(rows);
  const current = history.at(-1);
  if (!current) return false;
  const prompt = buildTurnPrompt({
    model: turn.model,
    slots: await loadSlotStates(deps.db, chat.id),
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
  try {
    await deps.db.$transaction((tx) =>
      reserveCall(tx, {
        entryId: turn.entryId,
        userId: turn.userId,
        seq,
        model: model.id,
        purpose: 'summary',
        reservedMicros: maxCallCostMicros(model, request.inputTokens, request.maxOutputTokens),
      }),
    );
  } catch (error) {
    if (error instanceof InsufficientCreditsError) return false; // no credits: the window simply stays as it is
    throw error;
  }
  deps.log?.({ event: 'model_call', turnId: turn.turnId, jobId: null, callId: `${turn.turnId}:${seq}`, model: model.id, purpose: 'summary' });
  const round = await streamRound({
    model: deps.provider.chatModel(model.id),
    messages,
    maxOutputTokens: request.maxOutputTokens,
    abortSignal: AbortSignal.timeout(60_000),
    headers: { 'x-quire-turn-id': turn.turnId },
    onText: () => {},
  });
  const failed = !!round.error || round.aborted;
  const usage = round.usage ?? { inputTokens: request.inputTokens, outputTokens: countTokens(round.text), reasoningTokens: 0 };
  await settleCall(deps.db, {
    entryId: turn.entryId,
    seq,
    usage,
    estimated: !round.usage,
    costMicros: failed ? 0n : costMicros(model, usage),
    finishReason: round.rawFinishReason ?? round.finishReason,
    refund: failed,
    error: failed ? String(round.error ?? 'aborted') : null,
  });
  if (failed || !round.text.trim()) return false;
  await deps.db.chat.update({ where: { id: chat.id }, data: { summary: round.text.trim(), summaryThroughId: plan.throughId } });
  return true;
}
