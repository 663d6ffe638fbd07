import type { Db } from '@/lib/db/client';
import { logEvent } from '@/lib/log';

/** What an answer settled by the sweep says: its turn's own final save may still overwrite it. */
export const ORPHANED_ANSWER_ERROR = 'The server stopped while this answer was being written.';

/**
 * A process that died mid-turn leaves its answer `streaming` and its chat locked.
 * Such answers become `stopped` with the text their last beat saved (what the
 * person had seen, up to the last second), and their live-turn locks are
 * released. A live turn beats every second (live-turn-lock.ts), so an answer
 * and a lock that have not for `olderThanMs` are a dead process's: at start-up
 * with PGlite that is every one, on PostgreSQL another instance's live turns are
 * left alone. `chatId`: that chat only (Stop on a chat whose holder died).
 */
export async function settleOrphanedTurns(db: Db, olderThanMs: number, now = new Date(), chatId?: string): Promise<number> {
  const cutoff = new Date(now.getTime() - olderThanMs);
  return db.$transaction(async (tx) => {
    const orphans = await tx.message.findMany({
      where: { status: 'streaming', updatedAt: { lt: cutoff }, ...(chatId ? { chatId } : {}) },
      select: { id: true, chatId: true },
      take: 500,
    });
    if (orphans.length === 0) return 0;
    await tx.message.updateMany({
      where: { id: { in: orphans.map((o) => o.id) }, status: 'streaming' },
      data: { status: 'stopped', error: ORPHANED_ANSWER_ERROR },
    });
    await tx.chat.updateMany({
      where: {
        id: { in: [...new Set(orphans.map((o) => o.chatId))] },
        OR: [{ liveTurnBeatAt: { lt: cutoff } }, { liveTurnBeatAt: null, liveTurnStartedAt: { lt: cutoff } }],
      },
      data: { liveTurnId: null, liveTurnStartedAt: null, liveTurnBeatAt: null, stopRequestedAt: null },
    });
    for (const o of orphans) logEvent({ event: 'orphaned_turn_settled', messageId: o.id, chatId: o.chatId });
    return orphans.length;
  });
}
