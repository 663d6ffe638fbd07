import type { App } from '@/lib/app';
import { handleAuthRequest } from '@/lib/http/auth-session';

export const ORIGIN = 'http://localhost:3000';

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

/** A same-origin JSON request, as the app's own pages send it. */
export function jsonRequest(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      origin: ORIGIN,
      'sec-fetch-site': 'same-origin',
      ...(init.cookie ? { cookie: init.cookie } : {}),
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
