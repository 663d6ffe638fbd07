import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '@/lib/db/client';
import { NO_ACTOR, recordAudit } from '@/lib/audit/audit-log';
import { checkRateLimit, countRateRules, type RateRule } from '@/lib/rate-limit/rate-limit';

/**
 * Password guesses against one account. Counted per account AND address
 * (generous for a person who mistypes), so a stranger guessing from their own
 * address locks out only themselves; and per account from anywhere, with a
 * ceiling high enough that only guessing from many addresses reaches it. A
 * device that has signed in to the account before passes that ceiling, so a
 * spread-out attack cannot lock its owner out either.
 */
export const SIGN_IN_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS = 10;
export const SIGN_IN_ATTEMPTS_PER_ACCOUNT = 100;

/** The cookie a device gets on a successful sign-in: an HMAC of the account's email under the deployment secret. */
export const KNOWN_DEVICE_COOKIE = 'quire_known_device';
const KNOWN_DEVICE_DAYS = 365;

export function knownDeviceToken(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`known device\0${email.trim().toLowerCase()}`).digest('base64url');
}

/**
 * Counts a sign-in attempt against the email it names, from the client
 * address; throws 429 over a limit. The attempt that first goes over a limit in
 * its minute is a burst, recorded once in the audit log (with the count, in one
 * transaction): the refusals after it in that minute add nothing.
 */
export async function countSignInAttempt(
  db: Db,
  attempt: { email: string; address: string | undefined; cookie: string | null },
  secret: string,
  now = new Date(),
): Promise<void> {
  const { email } = attempt;
  const scopes = new Map<string, 'account_and_address' | 'account'>();
  const rules: RateRule[] = [
    { key: `sign-in:${email}:${attempt.address ?? 'unknown'}`, perMinute: SIGN_IN_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS },
  ];
  scopes.set(rules[0]!.key, 'account_and_address');
  if (!isKnownDevice(attempt.cookie, secret, email)) {
    rules.push({ key: `sign-in:${email}`, perMinute: SIGN_IN_ATTEMPTS_PER_ACCOUNT });
    scopes.set(`sign-in:${email}`, 'account');
  }
  const counts = await db.$transaction(async (tx) => {
    const counted = await countRateRules(tx, rules, now);
    for (const rule of rules.filter((r) => counted[r.key] === r.perMinute + 1)) {
      await recordAudit(tx, {
        actor: { ...NO_ACTOR, address: attempt.address ?? null },
        action: 'sign_in_limited',
        target: { type: 'account', label: email },
        detail: { scope: scopes.get(rule.key) ?? null, perMinute: rule.perMinute },
      });
    }
    return counted;
  });
  await checkRateLimit(db, rules, counts, now);
}

/** The Set-Cookie that marks this device as one that signed in to `email`. */
export function knownDeviceCookie(secret: string, email: string, secure: boolean): string {
  return `${KNOWN_DEVICE_COOKIE}=${knownDeviceToken(secret, email)}; Path=/api/auth; HttpOnly; SameSite=Lax; Max-Age=${KNOWN_DEVICE_DAYS * 86_400}${secure ? '; Secure' : ''}`;
}

function isKnownDevice(cookie: string | null, secret: string, email: string): boolean {
  const value = new RegExp(`(?:^|;\\s*)${KNOWN_DEVICE_COOKIE}=([A-Za-z0-9_-]+)`).exec(cookie ?? '')?.[1];
  if (!value) return false;
  const expected = Buffer.from(knownDeviceToken(secret, email));
  const given = Buffer.from(value);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The account a sign-in body names (lower case), or null: better-auth answers a malformed body itself. */
export function emailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.length <= 320 ? email.trim().toLowerCase() : null;
}
