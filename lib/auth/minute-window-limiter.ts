import type { BetterAuthRateLimitOptions } from 'better-auth';

type RateLimitStorage = NonNullable<BetterAuthRateLimitOptions['customStorage']>;

interface Window {
  startedAt: number;
  count: number;
}

/**
 * The counts behind the sign-in, sign-up and mail-link limits ("30 a minute" per client address and
 * path), kept in this process. better-auth's own store counts until a whole window passes with no
 * request at all: a steady trickle from one address (an office behind one NAT, its people signing up
 * one by one) reached 30 and was then held for a minute, however slowly it came. Here a window starts
 * with an address's first request and ends `window` seconds later, whatever came meanwhile; a refusal
 * says how long until it ends.
 */
export function minuteWindowLimiter(now: () => number = Date.now): RateLimitStorage {
  const windows = new Map<string, Window>();
  let longestMs = 0;
  let prunedAt = 0;
  // ended windows go at most once per longest window, so the map holds only the addresses of that long
  const prune = (at: number) => {
    if (at - prunedAt < longestMs) return;
    prunedAt = at;
    for (const [key, window] of windows) if (at - window.startedAt >= longestMs) windows.delete(key);
  };
  return {
    async consume(key, rule) {
      const at = now();
      const ms = rule.window * 1000;
      longestMs = Math.max(longestMs, ms);
      prune(at);
      const window = windows.get(key);
      if (!window || at - window.startedAt >= ms) {
        windows.set(key, { startedAt: at, count: 1 });
        return { allowed: true, retryAfter: null };
      }
      if (window.count >= rule.max) return { allowed: false, retryAfter: Math.max(1, Math.ceil((window.startedAt + ms - at) / 1000)) };
      window.count++;
      return { allowed: true, retryAfter: null };
    },
  };
}
