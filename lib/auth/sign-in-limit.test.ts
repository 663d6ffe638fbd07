import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';
import { countSignInAttempt, SIGN_IN_ATTEMPTS_PER_ACCOUNT_PER_MINUTE } from './sign-in-limit';

describe('password guesses against one account', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
  }, 60_000);
  afterAll(async () => {
    await db?.dispose();
  });
  const attempt = (email: string) =>
    countSignInAttempt(
      db.prisma,
      new Request('http://localhost/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'guess' }),
      }),
    ).then(
      () => 'counted',
      (error: { status?: number }) => error.status,
    );

  it('are limited per account whatever address they come from, and the email is compared case-blind', async () => {
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_ACCOUNT_PER_MINUTE; i++)
      expect(await attempt(i % 2 ? 'Victim@Example.com' : 'victim@example.com')).toBe('counted');
    expect(await attempt('victim@example.com')).toBe(429);
    // another account is not affected
    expect(await attempt('someone-else@example.com')).toBe('counted');
  });
});
