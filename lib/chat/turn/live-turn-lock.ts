import type { Db } from '@/lib/db/client';

/**
 * One live turn per chat, taken with a conditional update so two requests (or two
 * processes) cannot both start one. A lock older than the turn's wall-clock cap
 * belongs to a dead process and may be taken over.
 */
export async function acquireLiveTurn(db: Db, chatId: string, turnId: string, wallClockMs: number, now = new Date()): Promise<boolean> {
  const staleBefore = new Date(now.getTime() - wallClockMs - 30_000);
  const taken = await db.$executeRaw`
    UPDATE chat SET "liveTurnId" = ${turnId}, "liveTurnStartedAt" = ${now}, "updatedAt" = ${now}
    WHERE id = ${chatId} AND ("liveTurnId" IS NULL OR "liveTurnStartedAt" < ${staleBefore})`;
  return taken === 1;
}

export async function releaseLiveTurn(db: Db, chatId: string, turnId: string): Promise<void> {
  await db.$executeRaw`
    UPDATE chat SET "liveTurnId" = NULL, "liveTurnStartedAt" = NULL, "updatedAt" = now()
    WHERE id = ${chatId} AND "liveTurnId" = ${turnId}`;
}
