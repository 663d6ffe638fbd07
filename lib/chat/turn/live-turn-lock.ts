import type { Db } from '@/lib/db/client';

/**
 * One live turn per chat, taken with a conditional update so two requests (or two
 * processes) cannot both start one. A lock older than the turn's wall-clock cap
 * belongs to a dead process and may be taken over.
 */
export async function acquireLiveTurn(db: Db, chatId: string, turnId: string, wallClockMs: number, now = new Date()): Promise<boolean> {
  const taken = await db.chat.updateMany({
    where: {
      id: chatId,
      OR: [{ liveTurnId: null }, { liveTurnStartedAt: { lt: new Date(now.getTime() - wallClockMs - 30_000) } }],
    },
    data: { liveTurnId: turnId, liveTurnStartedAt: now },
  });
  return taken.count === 1;
}

export async function releaseLiveTurn(db: Db, chatId: string, turnId: string): Promise<void> {
  await db.chat.updateMany({ where: { id: chatId, liveTurnId: turnId }, data: { liveTurnId: null, liveTurnStartedAt: null } });
}
