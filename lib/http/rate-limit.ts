import type { Db } from '@/lib/db/client';
import { AppError } from './errors';

/**
 * A fixed one-minute window per user, counted in the database so every web
 * process shares it. Throws 429 with Retry-After when the window is full.
 */
export async function takeRateLimit(db: Db, userId: string, perMinute: number, now = new Date()): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const [row] = await db.$queryRaw<Array<{ count: number }>>`
    INSERT INTO rate_counter ("userId", "windowStart", count) VALUES (${userId}, ${windowStart}, 1)
    ON CONFLICT ("userId", "windowStart") DO UPDATE SET count = rate_counter.count + 1
    RETURNING count`;
  if ((row?.count ?? 0) > perMinute) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + 60_000 - now.getTime()) / 1000));
    throw new AppError(
      'rate_limited',
      `Too many requests: at most ${perMinute} a minute. Try again in ${retryAfter} s.`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }
  if (Math.random() < 0.01) {
    // keep the table small: old windows are useless
    await db.rateCounter.deleteMany({ where: { windowStart: { lt: new Date(now.getTime() - 10 * 60_000) } } });
  }
}
