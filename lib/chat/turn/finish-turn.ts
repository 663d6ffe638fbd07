import { cleanJsonStrings, cleanText } from '@/lib/text/clean-text';
import { releaseLiveTurn } from './live-turn-lock';
import { closeTurnRows } from './turn-rows';
import type { PreparedTurn, TurnDeps, TurnOutcome } from './types';

/**
 * Saves the answer as the person saw it: ONE message record with the merged text,
 * its status and the usage summed over the turn's calls; then frees the chat.
 */
export async function finishTurn(deps: TurnDeps, turn: PreparedTurn, outcome: TurnOutcome): Promise<void> {
  try {
    await closeTurnRows(deps.db, {
      mode: turn.mode,
      turnId: turn.turnId,
      entryId: turn.entryId,
      chatId: turn.chatId,
      assistantMessageId: turn.assistantMessageId,
      // a model may emit U+0000 too; PostgreSQL's text cannot hold it
      text: cleanText(outcome.text),
      status: outcome.status,
      finishReason: outcome.finishReason,
      continuations: outcome.continuations,
      error: outcome.status === 'complete' ? null : (outcome.reason ?? null),
      tools: cleanJsonStrings(outcome.tools) as TurnOutcome['tools'],
      toolRounds: outcome.toolRounds ? (cleanJsonStrings(outcome.toolRounds) as NonNullable<TurnOutcome['toolRounds']>) : null,
      now: deps.now?.() ?? new Date(),
    });
  } catch (error) {
    // the answer could not be saved; the chat must still be free for the next turn
    await releaseLiveTurn(deps.db, turn.chatId, turn.turnId);
    throw error;
  }
}
