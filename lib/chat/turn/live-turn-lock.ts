import type { Db } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { countRequest, type RateRule } from '@/lib/rate-limit/rate-limit';

export interface LiveTurnClaim {
  chatId: string;
  turnId: string;
  userId: string;
  now: Date;
  rateRules: RateRule[];
}

/**
 * How often a live turn proves its process is alive (and saves the text shown so
 * far), and how long without a beat makes its lock a dead process's. A beat is a
 * timer, not a token: a model thinking for a minute before its first word still
 * beats. The threshold leaves room for a slow database or a busy event loop.
 */
export const LIVE_TURN_BEAT_MS = 1_000;
export const LIVE_TURN_STALE_MS = 12_000;

/**
 * One live turn per chat, taken with a conditional update so two requests (or two
 * processes) cannot both start one. A lock whose holder has not beaten for
 * LIVE_TURN_STALE_MS belongs to a dead process and may be taken over. In the same statement, a turn
 * that got the lock is counted against the rate limits (the person's, their
 * client address's; a refused one is not). Only the chat's owner can take it.
 *
 * The claim is written as a statement's CTEs (`locked`, `counted`) and the
 * select-list columns that report it (`counts`: each counter's count in this
 * minute, null when another turn holds the chat), so that the statement
 * reading the chat for the turn claims it in the same round trip (turn-rows.ts):
 * data-modifying CTEs run whether or not the statement's rows read them.
 *
 * The statement commits without waiting for the disk (`synchronous_commit` off for this
 * statement only): the wait is a disk round trip in every message's time to
 * first token (ledger.ts says how long), and nothing here needs to outlive a crash — a dead
 * process's lock is taken over or swept, a lost count is one request fewer.
 * The turn's opening statement right after commits the same way (ledger.ts);
 * its settlement, which charges, commits durably and flushes both.
 */
export function liveTurnClaimSql(lock: LiveTurnClaim): { ctes: Prisma.Sql; columns: Prisma.Sql } {
  const staleBefore = new Date(lock.now.getTime() - LIVE_TURN_STALE_MS);
  return {
    ctes: Prisma.sql`
    WITH locked AS (
      UPDATE chat SET "liveTurnId" = ${lock.turnId}, "liveTurnStartedAt" = ${lock.now}, "liveTurnBeatAt" = ${lock.now},
                      "stopRequestedAt" = NULL, "updatedAt" = ${lock.now}
      WHERE id = ${lock.chatId} AND "userId" = ${lock.userId}
        AND ("liveTurnId" IS NULL OR COALESCE("liveTurnBeatAt", "liveTurnStartedAt") < ${staleBefore})
      RETURNING id
    ), counted AS (${countRequest(lock.rateRules, lock.now, Prisma.sql`locked`)})`,
    columns: Prisma.sql`(SELECT json_object_agg(key, count) FROM counted) AS counts, set_config('synchronous_commit', 'off', true) AS "asyncCommit"`,
  };
}

export async function releaseLiveTurn(db: Db, chatId: string, turnId: string): Promise<void> {
  await db.$executeRaw`
    UPDATE chat SET "liveTurnId" = NULL, "liveTurnStartedAt" = NULL, "liveTurnBeatAt" = NULL, "stopRequestedAt" = NULL, "updatedAt" = now()
    WHERE id = ${chatId} AND "liveTurnId" = ${turnId}`;
}

/**
 * The live turn's beat: its lock stays its own, and the answer's row holds the
 * text the person has been shown so far (`text` undefined: unchanged since the
 * last beat), so a process killed mid-answer loses at most the last second.
 * One statement, off the token path; a turn that lost its lock writes nothing. An answer of a
 * side-by-side round beats the round's lock (`lockId`).
 */
export async function beatLiveTurn(
  db: Db,
  beat: { chatId: string; turnId: string; messageId: string; text: string | undefined; now: Date; lockId?: string },
): Promise<void> {
  await db.$executeRaw`
    WITH beat AS (
      UPDATE chat SET "liveTurnBeatAt" = ${beat.now} WHERE id = ${beat.chatId} AND "liveTurnId" = ${beat.lockId ?? beat.turnId} RETURNING id
    )
    UPDATE message SET "updatedAt" = ${beat.now}, text = COALESCE(${beat.text ?? null}::text, text)
    WHERE id = ${beat.messageId} AND status = 'streaming' AND "turnId" = ${beat.turnId} AND EXISTS (SELECT 1 FROM beat)`;
}
