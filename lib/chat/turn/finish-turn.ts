import { logDatabaseWait, whenDatabaseReachable } from '@/lib/db/unreachable';
import { logEvent } from '@/lib/log';
import { cleanJsonStrings, cleanText } from '@/lib/text/clean-text';
import { releaseLiveTurn } from './live-turn-lock';
import { closeTurnRows } from './turn-rows';
import type { PreparedTurn, TurnDeps, TurnOutcome } from './types';

/**
 * Saves the answer as the person saw it: ONE message record with the merged text,
 * its status and the usage summed over the turn's calls; then frees the chat.
 * The person has already read it, so a database that is restarting or out of
 * reach is waited for (up to a minute) rather than the answer lost.
 */
export async function finishTurn(deps: TurnDeps, turn: PreparedTurn, outcome: TurnOutcome): Promise<void> {
  const rows = {
    mode: turn.mode,
    turnId: turn.turnId,
    entryId: turn.entryId,
    chatId: turn.chatId,
    // a side-by-side round's lock is released by the round, once its last answer is saved (run-round.ts)
    releasesLock: !turn.round,
    assistantMessageId: turn.assistantMessageId,
    // a model may emit U+0000 too; PostgreSQL's text cannot hold it
    text: cleanText(outcome.text),
    status: outcome.status,
    finishReason: outcome.finishReason,
    continuations: outcome.continuations,
    firstTokenMs: outcome.firstTokenMs ?? null,
    error: outcome.status === 'complete' ? null : (outcome.reason ?? null),
    tools: cleanJsonStrings(outcome.tools) as TurnOutcome['tools'],
    citations: cleanJsonStrings(outcome.citations) as TurnOutcome['citations'],
    toolRounds: outcome.toolRounds ? (cleanJsonStrings(outcome.toolRounds) as NonNullable<TurnOutcome['toolRounds']>) : null,
    now: deps.now?.() ?? new Date(),
  };
  try {
    await whenDatabaseReachable(() => closeTurnRows(deps.db, rows), {
      onWait: logDatabaseWait(logEvent, 'save_answer', { turnId: turn.turnId }),
    });
  } catch (error) {
    // the answer could not be saved; the chat must still be free for the next turn
    // (when the database is what failed, this may fail too: the sweep frees it once it is back)
    if (!turn.round) await releaseLiveTurn(deps.db, turn.chatId, turn.turnId).catch(() => undefined);
    throw error;
  }
}
