import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@/lib/app';
import { loadConfig } from '@/lib/config';
import { currentUser, handleAuthRequest } from '@/lib/http/auth-session';
import { cookieOf, jsonRequest, signUp } from '@/tests/support/auth-client';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';

/**
 * Two web processes on one PostgreSQL, each with its own session cache (two Apps
 * here, as two processes would build them). What ends a session in one ends it in
 * the other at once, not when the other's cache entry runs out (30 s).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('sessions across web processes', () => {
  let db: TestDatabase;
  let a: App;
  let b: App;
  beforeAll(async () => {
    db = await openTestDatabase('postgres');
    const config = (name: string) =>
      loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: db.url!,
        AUTH_SECRET: 'one-secret-for-the-whole-deployment-0123456789',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `quire-shared-sessions-${name}-`)),
      });
    [a, b] = await Promise.all([buildApp(config('a'), db), buildApp(config('b'), db)]);
  }, 60_000);
  afterAll(async () => {
    for (const app of [a, b]) {
      await app?.stopBus.close();
      await app?.sessionBus.close();
    }
    await db?.dispose();
  });

  const asUser = (app: App, cookie: string) => currentUser(app, jsonRequest('/api/wallet', { cookie }));
  /** Signs a person up on A and has B cache their session. */
  async function signedInOnBoth(email: string) {
    const cookie = cookieOf(await signUp(a, { email }));
    expect(await asUser(a, cookie)).toMatchObject({ email });
    expect(await asUser(b, cookie)).toMatchObject({ email });
    return cookie;
  }

  it('a sign-out on one process is refused by the other, which had the session cached', async () => {
    const cookie = await signedInOnBoth('leaving@example.com');
    expect((await handleAuthRequest(a, jsonRequest('/api/auth/sign-out', { body: {}, cookie }))).ok).toBe(true);
    await expect.poll(() => asUser(b, cookie), { timeout: 10_000 }).toBeNull();
  });

  it('revoking every session on one process ends them on the other', async () => {
    const cookie = await signedInOnBoth('revoker@example.com');
    const other = cookieOf(
      await handleAuthRequest(
        a,
        jsonRequest('/api/auth/sign-in/email', { body: { email: 'revoker@example.com', password: 'correct-horse-battery' } }),
      ),
    );
    expect(await asUser(b, other)).toMatchObject({ email: 'revoker@example.com' });
    expect((await handleAuthRequest(a, jsonRequest('/api/auth/revoke-sessions', { body: {}, cookie }))).ok).toBe(true);
    await expect.poll(() => asUser(b, other), { timeout: 10_000 }).toBeNull();
  });
});
