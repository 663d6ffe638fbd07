import type { Db, Tx } from '@/lib/db/client';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/errors';

/** Who a request is counted against: the account, and the real client address when the server established one. */
export interface RateSubject {
  userId: string;
  clientAddress?: string;
}

/**
 * A request's rate limit, ready-made by the route wrapper: who it counts against
 * and the deployment's RATE_LIMIT_PER_MINUTE. Domain functions that call models
 * or take uploads receive this and take it with `takeRequestRate`.
 */
export interface RequestRate {
  subject: RateSubject;
  perMinute: number;
}

/** One counter and its limit per minute. */
export interface RateRule {
  key: string;
  perMinute: number;
}

/**
 * One address may carry several people (an office behind one NAT), so it gets
 * this many times the per-account limit: a brake on one client spreading
 * requests over many accounts, not a second limit on one person.
 */
export const ADDRESS_LIMIT_FACTOR = 4;

/** The counters a model-calling or upload request takes: the account's, and its client address's. */
export function rateRules(subject: RateSubject | string, perMinute: number): RateRule[] {
  const { userId, clientAddress } = typeof subject === 'string' ? { userId: subject, clientAddress: undefined } : subject;
  const rules: RateRule[] = [{ key: `user:${userId}`, perMinute }];
  if (clientAddress) rules.push({ key: `ip:${clientAddress}`, perMinute: perMinute * ADDRESS_LIMIT_FACTOR });
  return rules;
}

/**
 * A fixed one-minute window per key, counted in the database so every web
 * process shares it. Throws 429 with Retry-After when any window is full.
 */
export async function takeRateLimit(db: Db, subject: RateSubject | string, perMinute: number, now = new Date()): Promise<void> {
  await takeRateRules(db, rateRules(subject, perMinute), now);
}

export async function takeRequestRate(db: Db, rate: RequestRate, now = new Date()): Promise<void> {
  await takeRateLimit(db, rate.subject, rate.perMinute, now);
}

export async function takeRateRules(db: Db, rules: RateRule[], now = new Date()): Promise<void> {
  await checkRateLimit(db, rules, await countRateRules(db, rules, now), now);
}

/** Counts one request against each rule's current window; the counts, this request included, by key. */
export async function countRateRules(db: Db | Tx, rules: RateRule[], now = new Date()): Promise<Record<string, number>> {
  const [row] = await db.$queryRaw<Array<{ counts: Record<string, number> | null }>>`
    WITH counted AS (${countRequest(rules, now, Prisma.sql`(SELECT 1) AS once`)})
    SELECT (SELECT json_object_agg(key, count) FROM counted) AS counts`;
  return row?.counts ?? {};
}

/**
 * The upsert that counts one request in each rule's current window, for use as
 * a CTE returning (key, count); it counts once per row of `from` (so a caller
 * can count only what it let through). Keys are sorted: concurrent requests
 * lock the same counters in the same order.
 */
export function countRequest(rules: RateRule[], now: Date, from: Prisma.Sql): Prisma.Sql {
  const keys = [...new Set(rules.map((r) => r.key))].sort();
  const start = windowStart(now);
  return Prisma.sql`
    INSERT INTO rate_counter (key, "windowStart", count)
    SELECT k.key, ${start}, 1 FROM ${from} CROSS JOIN (VALUES ${Prisma.join(keys.map((key) => Prisma.sql`(${key})`))}) AS k(key)
    ON CONFLICT (key, "windowStart") DO UPDATE SET count = rate_counter.count + 1
    RETURNING key, count`;
}

/** Throws 429 when a count (this request included) is over its rule's limit; now and then forgets old windows. */
export async function checkRateLimit(db: Db, rules: RateRule[], counts: Record<string, number>, now: Date): Promise<void> {
  const over = rules.find((rule) => (counts[rule.key] ?? 0) > rule.perMinute);
  if (over) {
    const retryAfter = Math.max(1, Math.ceil((windowStart(now).getTime() + 60_000 - now.getTime()) / 1000));
    const whose = over.key.startsWith('ip:') ? 'from your network address' : '';
    throw new AppError(
      'rate_limited',
      `Too many requests${whose ? ` ${whose}` : ''}: at most ${over.perMinute} a minute. Try again in ${retryAfter} s.`,
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
