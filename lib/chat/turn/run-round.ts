import { logError } from '@/lib/log';
import { releaseLiveTurn } from './live-turn-lock';
import { runTurn } from './run-turn';
import type { PreparedTurn, TurnDeps, TurnOutcome, TurnSink } from './types';

/**
 * Runs a side-by-side round (docs/architecture.md "Side by side"): the first answer and its `sides` at once,
 * each its own turn (its own calls, continuations, Stop and billing `finally`), under the one chat lock
 * the round claimed, which is released once the last answer is saved. Resolves with every answer's
 * outcome, the first answer's first; `sinkFor` says where each answer's output goes.
 */
export async function runRound(
  deps: TurnDeps,
  turn: PreparedTurn,
  sinkFor: (answer: PreparedTurn) => TurnSink,
  clientSignal?: AbortSignal,
): Promise<TurnOutcome[]> {
  const answers = [turn, ...(turn.sides ?? [])];
  const settled = await Promise.allSettled(answers.map((answer) => runTurn(deps, answer, sinkFor(answer), clientSignal)));
  await releaseLiveTurn(deps.db, turn.chatId, turn.round?.lockId ?? turn.turnId).catch((error: unknown) =>
    logError({ event: 'round_release_error', turnId: turn.turnId, error }),
  );
  return settled.map((result) => {
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  });
}
