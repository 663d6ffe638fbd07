import type { Db } from '@/lib/db/client';
import { takeRateRules } from '@/lib/http/rate-limit';

/**
 * Password guesses against one account, from any number of addresses: the
 * per-address limit (better-auth's, by the real client) does not stop a
 * guesser with many addresses, this does. Generous enough for a person who
 * mistypes a few times.
 */
export const SIGN_IN_ATTEMPTS_PER_ACCOUNT_PER_MINUTE = 10;

/** Counts a sign-in attempt against the email it names; throws 429 over the limit. */
export async function countSignInAttempt(db: Db, request: Request): Promise<void> {
  const email = await emailOf(request.clone());
  if (!email) return;
  await takeRateRules(db, [{ key: `sign-in:${email}`, perMinute: SIGN_IN_ATTEMPTS_PER_ACCOUNT_PER_MINUTE }]);
}

async function emailOf(request: Request): Promise<string | null> {
  const text = await request.text();
  // better-auth answers a malformed body itself; only a well-formed attempt is counted here
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.length <= 320 ? email.trim().toLowerCase() : null;
}
