import type { BetterAuthRateLimitOptions } from 'better-auth';
import type { Db } from '@/lib/db/client';
import { countRateRules, forgetOldWindowsNowAndThen, overLimit } from '@/lib/rate-limit/rate-limit';

type RateLimitStorage = NonNullable<BetterAuthRateLimitOptions['customStorage']>;

/**
 * Where better-auth keeps the counts behind its per-address limits (sign-in, sign-up, the mailed links):
 * the app's own one-minute counters (lib/rate-limit), so every web process counts together, as the chat's
 * limits do. better-auth's own store counted in each process apart (several processes behind a load
 * balancer each allowed the whole limit), and only reset after a whole window with no request: a steady
 * trickle from one address (an office behind one NAT, its people signing up one by one) reached 30 and
 * was then held for a minute, however slowly it came.
 *
 * The counters are per clock minute: a rule of another length (better-auth's 3 in 10 s for sign-in paths
 * Quire does not name) counts as many a minute as it would allow over one.
 */
export function authRateLimitStorage(db: Db, now: () => Date = () => new Date()): RateLimitStorage {
  return {
    async consume(key, rule) {
      const at = now();
      const rules = [{ key: `auth:${key}`, perMinute: Math.max(rule.max, Math.floor((rule.max * 60) / rule.window)) }];
      const over = overLimit(rules, await countRateRules(db, rules, at), at);
      if (over) return { allowed: false, retryAfter: over.retryAfter };
      await forgetOldWindowsNowAndThen(db, at);
      return { allowed: true, retryAfter: null };
    },
  };
}
