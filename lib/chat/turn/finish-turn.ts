import { releaseLiveTurn } from './live-turn-lock';
import type { PreparedTurn, TurnDeps, TurnOutcome } from './types';

/**
 * Saves the answer as the person saw it: ONE message record with the merged text,
 * its status and the usage summed over the turn's calls; then frees the chat.
 */
export async function finishTurn(deps: TurnDeps, turn: PreparedTurn, outcome: TurnOutcome): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const calls = await deps.db.modelCall.findMany({
    where: { entryId: turn.entryId },
    select: { inputTokens: true, outputTokens: true, reasoningTokens: true, estimated: true, costMicros: true },
  });
  const sum = calls.reduce(
    (acc, c) => ({
      inputTokens: acc.inputTokens + c.inputTokens,
      outputTokens: acc.outputTokens + c.outputTokens,
      reasoningTokens: acc.reasoningTokens + c.reasoningTokens,
      estimated: acc.estimated || c.estimated,
      costMicros: acc.costMicros + c.costMicros,
    }),
    { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, estimated: false, costMicros: 0n },
  );
  try {
    await deps.db.$transaction([
      deps.db.message.update({
        where: { id: turn.assistantMessageId },
        data: {
          text: outcome.text,
          status: outcome.status,
          finishReason: outcome.finishReason,
          continuations: outcome.continuations,
          turnId: turn.turnId,
          // a Continue adds to what the earlier turns of this message used
          ...(turn.mode === 'continue'
            ? {
                inputTokens: { increment: sum.inputTokens },
                outputTokens: { increment: sum.outputTokens },
                reasoningTokens: { increment: sum.reasoningTokens },
                costMicros: { increment: sum.costMicros },
                ...(sum.estimated ? { estimated: true } : {}),
              }
            : sum),
          error: outcome.status === 'complete' ? null : (outcome.reason ?? null),
          ...(outcome.tools.length ? { meta: { tools: outcome.tools } as object } : {}),
        },
      }),
      deps.db.chat.update({ where: { id: turn.chatId }, data: { lastMessageAt: now } }),
      deps.db.ledgerEntry.update({ where: { id: turn.entryId }, data: { messageId: turn.assistantMessageId } }),
    ]);
  } finally {
    await releaseLiveTurn(deps.db, turn.chatId, turn.turnId);
  }
}
