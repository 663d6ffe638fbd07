import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';
import {
  countSignInAttempt,
  emailOf,
  KNOWN_DEVICE_COOKIE,
  knownDeviceToken,
  SIGN_IN_ATTEMPTS_PER_ACCOUNT,
  SIGN_IN_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS,
} from './sign-in-limit';

const SECRET = 'a-test-secret-of-enough-length';

describe('password guesses against one account', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
  }, 60_000);
  afterAll(async () => {
    await db?.dispose();
  });
  const attempt = (email: string, address: string, cookie?: string) =>
    countSignInAttempt(db.prisma, { email: emailOf({ email })!, address, cookie: cookie ?? null }, SECRET).then(
      () => 'counted',
      (error: { status?: number }) => error.status,
    );

  it("a stranger guessing from one address locks out only that address, not the account's owner", async () => {
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS; i++)
      expect(await attempt(i % 2 ? 'Victim@Example.com' : 'victim@example.com', '203.0.113.9')).toBe('counted');
    expect(await attempt('victim@example.com', '203.0.113.9')).toBe(429);
    // the owner, from their own address, is not affected; nor is another account from the guesser's
    expect(await attempt('victim@example.com', '198.51.100.4')).toBe('counted');
    expect(await attempt('someone-else@example.com', '203.0.113.9')).toBe('counted');
  });

  it('guessing spread over many addresses meets the account ceiling, which a device that signed in before passes', async () => {
    const email = 'spread@example.com';
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_ACCOUNT; i++)
      expect(await attempt(email, `10.0.${Math.floor(i / 200)}.${i % 200}`)).toBe('counted');
    expect(await attempt(email, '192.0.2.50')).toBe(429);
    const known = `${KNOWN_DEVICE_COOKIE}=${knownDeviceToken(SECRET, email)}`;
    expect(await attempt(email, '192.0.2.51', known)).toBe('counted');
    // a cookie made for another account, or made up, does not pass
    expect(await attempt(email, '192.0.2.52', `${KNOWN_DEVICE_COOKIE}=${knownDeviceToken(SECRET, 'other@example.com')}`)).toBe(429);
    expect(await attempt(email, '192.0.2.53', `${KNOWN_DEVICE_COOKIE}=forged`)).toBe(429);
  });
});
