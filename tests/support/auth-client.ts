import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '@/lib/app';
import { loadConfig } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { CLIENT_ADDRESS_HEADER, LINK_ORIGIN_HEADER } from '@/lib/http/forwarded';
import { handleAuthRequest } from '@/lib/http/auth-session';

export const ORIGIN = 'http://localhost:3000';

/**
 * The app on a test database, handed to the route handlers: open sign-up, a fixed secret, a data
 * directory of its own, the offline simulator unless `env` names a model endpoint.
 */
export async function serveTestApp(db: Database, env: Record<string, string> = {}): Promise<App> {
  const cfg = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'quire-app-')),
    AUTH_SECRET: 'a-test-secret-of-enough-length',
    SIGNUP: 'open',
    ...env,
  });
  const app = await buildApp(cfg, db);
  serveApp(app);
  return app;
}

/** Route handlers read the process's app through getApp(); tests hand it theirs. */
export function serveApp(app: App): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('quire.app')] = Promise.resolve(app);
}

/** The session cookie a response set, as a browser would send it back. */
export const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/**
 * better-auth counts its per-address limits (sign-up 30, password and email links 5 a minute) in one
 * module-wide store, and the test files of a worker share their modules (vitest `isolate: false`):
 * sign-ups and password links come from an address of their own each, as the server would report
 * different people's, so one file's accounts never use up another's minute.
 */
const PER_ADDRESS_LIMITED = new Set([
  '/api/auth/sign-up/email',
  '/api/auth/sign-in/social',
  '/api/auth/request-password-reset',
  '/api/auth/change-email',
  '/api/auth/change-password',
]);
/** one of the 16 million addresses of 127.0.0.0/8: loopback, as the tests' requests are (the server vouches for loopback hosts), each its own bucket */
const someAddress = () => `127.${randomBytes(3).join('.')}`;

/** A same-origin JSON request, as the app's own pages send it. */
export function jsonRequest(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      origin: ORIGIN,
      'sec-fetch-site': 'same-origin',
      ...(init.cookie ? { cookie: init.cookie } : {}),
      // (the server reports the client's address and, with it, the address its links may point at)
      ...(PER_ADDRESS_LIMITED.has(path) ? { [CLIENT_ADDRESS_HEADER]: someAddress(), [LINK_ORIGIN_HEADER]: ORIGIN } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

export function signUp(app: App, body: { email: string; name?: string; password?: string; invite?: string }): Promise<Response> {
  return handleAuthRequest(
    app,
    jsonRequest('/api/auth/sign-up/email', { body: { name: 'Test Person', password: 'correct-horse-battery', ...body } }),
  );
}
