import { describe, expect, it } from 'vitest';
import { minuteWindowLimiter } from './minute-window-limiter';

const RULE = { window: 60, max: 30 };

function clock() {
  let at = 1_000_000;
  return { now: () => at, pass: (ms: number) => (at += ms) };
}

describe('limits counted in windows of a minute', () => {
  it('a steady trickle from one address, 20 a minute, is never refused', async () => {
    const time = clock();
    const limiter = minuteWindowLimiter(time.now);
    const answers = [];
    for (let i = 0; i < 100; i++) {
      answers.push((await limiter.consume('10.0.0.1|/sign-up/email', RULE)).allowed);
      time.pass(3_000);
    }
    expect(answers.every(Boolean)).toBe(true);
  });

  it('the 31st within a minute is refused until the minute from the first is over, and says how long that is', async () => {
    const time = clock();
    const limiter = minuteWindowLimiter(time.now);
    for (let i = 0; i < 30; i++) {
      expect((await limiter.consume('a', RULE)).allowed).toBe(true);
      time.pass(1_000);
    }
    // 30 s after the first
    expect(await limiter.consume('a', RULE)).toEqual({ allowed: false, retryAfter: 30 });
    time.pass(29_000);
    expect(await limiter.consume('a', RULE)).toEqual({ allowed: false, retryAfter: 1 });
    time.pass(1_000);
    expect(await limiter.consume('a', RULE)).toEqual({ allowed: true, retryAfter: null });
  });

  it('each address and path has its own count, and ended windows are forgotten', async () => {
    const time = clock();
    const limiter = minuteWindowLimiter(time.now);
    for (let i = 0; i < 5; i++) await limiter.consume('a', { window: 60, max: 5 });
    expect((await limiter.consume('a', { window: 60, max: 5 })).allowed).toBe(false);
    expect((await limiter.consume('b', { window: 60, max: 5 })).allowed).toBe(true);
    time.pass(60_000);
    for (let i = 0; i < 5; i++) expect((await limiter.consume('a', { window: 60, max: 5 })).allowed).toBe(true);
  });
});
