import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@/lib/app';
import { loadConfig } from '@/lib/config';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/forwarded';
import { currentUser, handleAuthRequest } from './auth-session';

const origin = 'http://localhost:3000';

describe('sessions with the per-process cache', () => {
  let db: TestDatabase;
  let app: App;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    app = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'quire-session-')) }), db);
  });
  afterAll(async () => {
    await app?.stopBus.close();
    await db?.dispose();
  });

  const authRequest = (route: string, body: unknown, cookie?: string) =>
    handleAuthRequest(
      app,
      new Request(`${origin}/api/auth/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      }),
    );

  it('a cached session still ends at sign-out: the same cookie is refused on the next request', async () => {
    const signUp = await authRequest('sign-up/email', { email: 'cache@example.com', password: 'long-enough-pw', name: 'Cache' });
    expect(signUp.ok).toBe(true);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const asUser = () => currentUser(app, new Request(`${origin}/api/wallet`, { headers: { cookie } }));

    expect(await asUser()).toMatchObject({ email: 'cache@example.com', role: 'user' });
    const queried = await asUser(); // served from the cache: same person
    expect(queried?.email).toBe('cache@example.com');

    expect((await authRequest('sign-out', {}, cookie)).ok).toBe(true);
    expect(await asUser()).toBeNull();
  });

  it('past the sign-up limit of one address, the refusal says when to try again in the standard Retry-After', async () => {
    const fromOneAddress = (n: number) =>
      handleAuthRequest(
        app,
        new Request(`${origin}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin, [CLIENT_ADDRESS_HEADER]: '127.0.9.77' },
          body: JSON.stringify({ email: `burst-${n}@example.com`, password: 'long-enough-pw', name: 'Burst' }),
        }),
      );
    const statuses: number[] = [];
    let refused: Response | null = null;
    for (let n = 0; n < 40 && !refused; n++) {
      const response = await fromOneAddress(n);
      statuses.push(response.status);
      if (response.status === 429) refused = response;
    }
    expect(statuses.filter((status) => status === 200).length).toBe(30);
    const seconds = Number(refused?.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
  });
});
