import type { Db } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError } from './errors';

/**
 * A fixed one-minute window per user, counted in the database so every web
 * process shares it. Throws 429 with Retry-After when the window is full.
 */
export async function takeRateLimit(db: Db, userId: string, perMinute: number, now = new Date()): Promise<void> {
  const [row] = await db.$queryRaw<Array<{ count: number }>>`
    WITH counted AS (${countRequest(userId, now, Prisma.sql`(SELECT 1) AS once`)})
    SELECT count FROM counted`;
  await checkRateLimit(db, row?.count ?? 0, perMinute, now);
}

/**
 * The upsert that counts one request in the user's current window, for use as a
 * CTE; it counts once per row of `from` (so a caller can count only what it let through).
 */
export function countRequest(userId: string, now: Date, from: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO rate_counter ("userId", "windowStart", count) SELECT ${userId}, ${windowStart(now)}, 1 FROM ${from}
    ON CONFLICT ("userId", "windowStart") DO UPDATE SET count = rate_counter.count + 1
    RETURNING count`;
}

/** Throws 429 when `count` (this request included) is over the limit; now and then forgets old windows. */
export async function checkRateLimit(db: Db, count: number, perMinute: number, now: Date): Promise<void> {
  if (count > perMinute) {
    const retryAfter = Math.max(1, Math.ceil((windowStart(now).getTime() + 60_000 - now.getTime()) / 1000));
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

function windowStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000);
}
