import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';
import { authRateLimitStorage } from './auth-rate-limit';

const RULE = { window: 60, max: 30 };
const MINUTE = Date.UTC(2026, 11, 7, 9, 0, 0);

describe('the auth limits, counted per minute for all web processes', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
  }, 60_000);
  afterAll(async () => {
    await db?.dispose();
  });

  /** A limiter on a clock the test moves. */
  function limiterAt(start: number) {
    let at = start;
    return { limiter: authRateLimitStorage(db.prisma, () => new Date(at)), pass: (ms: number) => (at += ms) };
  }

  it('a steady trickle from one address, 20 a minute, is never refused', async () => {
    const { limiter, pass } = limiterAt(MINUTE);
    const allowed: boolean[] = [];
    for (let i = 0; i < 100; i++) {
      allowed.push((await limiter.consume('10.0.0.1/sign-up/email', RULE)).allowed);
      pass(3_000);
    }
    expect(allowed.every(Boolean)).toBe(true);
  });

  it('the 31st in a minute is refused until that minute is over, and says how long that is', async () => {
    const { limiter, pass } = limiterAt(MINUTE + 10 * 60_000);
    for (let i = 0; i < 30; i++) {
      expect((await limiter.consume('burst', RULE)).allowed).toBe(true);
      pass(1_000);
    }
    expect(await limiter.consume('burst', RULE)).toEqual({ allowed: false, retryAfter: 30 });
    pass(29_500);
    expect(await limiter.consume('burst', RULE)).toEqual({ allowed: false, retryAfter: 1 });
    pass(500);
    expect(await limiter.consume('burst', RULE)).toEqual({ allowed: true, retryAfter: null });
  });

  it('two web processes share the count; another address has its own', async () => {
    const at = MINUTE + 20 * 60_000;
    const [one, two] = [authRateLimitStorage(db.prisma, () => new Date(at)), authRateLimitStorage(db.prisma, () => new Date(at))];
    const rule = { window: 60, max: 4 };
    for (let i = 0; i < 2; i++) {
      expect((await one.consume('shared', rule)).allowed).toBe(true);
      expect((await two.consume('shared', rule)).allowed).toBe(true);
    }
    expect((await one.consume('shared', rule)).allowed).toBe(false);
    expect((await two.consume('shared', rule)).allowed).toBe(false);
    expect((await two.consume('elsewhere', rule)).allowed).toBe(true);
  });

  it('a rule of ten seconds allows as many a minute as it would over one', async () => {
    const { limiter } = limiterAt(MINUTE + 30 * 60_000);
    const answers: boolean[] = [];
    for (let i = 0; i < 19; i++) answers.push((await limiter.consume('short', { window: 10, max: 3 })).allowed);
    expect(answers.filter(Boolean)).toHaveLength(18);
    expect(answers.at(-1)).toBe(false);
  });
});
