import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@/lib/app';
import { handleAuthRequest } from '@/lib/http/auth-session';
import { CLIENT_ADDRESS_HEADER, LINK_ORIGIN_HEADER } from '@/lib/http/forwarded';
import { ORIGIN, serveTestApp } from '@/tests/support/auth-client';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';

/** A sign-up from one client address, as the server reports it for every request it takes. */
function signUpFrom(app: App, address: string, email: string): Promise<Response> {
  return handleAuthRequest(
    app,
    new Request(`${ORIGIN}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: ORIGIN,
        'sec-fetch-site': 'same-origin',
        [CLIENT_ADDRESS_HEADER]: address,
        [LINK_ORIGIN_HEADER]: ORIGIN,
      },
      body: JSON.stringify({ email, name: 'Office Person', password: 'correct-horse-battery' }),
    }),
  );
}

describe('sign-ups from one address: 30 a minute', () => {
  let db: TestDatabase;
  let app: App;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    app = await serveTestApp(db);
  }, 60_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it('the 31st within the minute is refused with when to try again; another address is not held up by it', async () => {
    const office = '127.31.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await signUpFrom(app, office, `office-${i}@example.com`)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await signUpFrom(app, office, 'office-30@example.com');
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('x-retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await signUpFrom(app, '127.31.0.2', 'elsewhere@example.com')).status).toBe(200);
    // nothing was made for the refused one
    expect(await db.prisma.user.count({ where: { email: 'office-30@example.com' } })).toBe(0);
  }, 60_000);
});
