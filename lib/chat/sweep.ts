import type { Db } from '@/lib/db/client';
import { logEvent } from '@/lib/log';

/**
 * A process that died mid-turn leaves its answer `streaming` and its chat locked.
 * At start-up (before this process streams anything) such answers become
 * `stopped` with what was saved, and their live-turn locks are released.
 * On PostgreSQL with several web processes, only turns older than the wall-clock
 * cap are settled, so a live turn of another instance is left alone.
 */
export async function settleOrphanedTurns(db: Db, olderThanMs: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - olderThanMs);
  return db.$transaction(async (tx) => {
    const orphans = await tx.message.findMany({
      where: { status: 'streaming', updatedAt: { lt: cutoff } },
      select: { id: true, chatId: true },
    });
    if (orphans.length === 0) return 0;
    await tx.message.updateMany({
      where: { id: { in: orphans.map((o) => o.id) }, status: 'streaming' },
      data: { status: 'stopped', error: 'The server stopped while this answer was being written.' },
    });
    await tx.chat.updateMany({
      where: { id: { in: [...new Set(orphans.map((o) => o.chatId))] }, liveTurnStartedAt: { lt: cutoff } },
      data: { liveTurnId: null, liveTurnStartedAt: null, stopRequestedAt: null },
    });
    for (const o of orphans) logEvent({ event: 'orphaned_turn_settled', messageId: o.id, chatId: o.chatId });
    return orphans.length;
  });
}
