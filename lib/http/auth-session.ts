import type { App } from '@/lib/app';
import { AppError } from '@/lib/errors';
import { errorResponse } from '@/lib/http/error-response';
import { countSignInAttempt, emailOf, knownDeviceCookie } from '@/lib/auth/sign-in-limit';
import { resolveAuthSecret } from '@/lib/deployment-secret';
import { clientAddress, publicOrigin, requestOrigin } from '@/lib/http/request-origin';
import { assertJsonBody, assertSameOrigin } from '@/lib/http/same-origin';
import { withCleanJsonBody } from '@/lib/http/handler';
import { foreignRedirectTarget } from '@/lib/auth/return-path';
import type { SessionUser } from '@/lib/auth/session-user';
import { noteSessionActive } from '@/lib/auth/account-sessions';
import { logError } from '@/lib/log';

export type { SessionUser };

export async function currentUser(app: App, request: Request): Promise<SessionUser | null> {
  const cookie = request.headers.get('cookie');
  const cached = app.sessions.get(cookie);
  if (cached) return cached;
  const session = await app.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const user = session.user as typeof session.user & { role?: string };
  const found: SessionUser = {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role === 'staff' ? 'staff' : 'user',
    emailVerified: user.emailVerified,
  };
  app.sessions.set(cookie, found, new Date(session.session.expiresAt));
  noteSessionActive(app.db, { id: session.session.id, updatedAt: new Date(session.session.updatedAt) }).catch((error: unknown) =>
    logError({ event: 'session_activity_not_noted', userId: found.id, error }),
  );
  return found;
}

/**
 * better-auth's own routes (sign-up, sign-in, sign-out), under the same rule as
 * every other route: another site's page may not post here (403), bodies are
 * JSON (415). better-auth sees the request at the address the browser used (its
 * base URL and origin check), and its cookies are Secure when the public URL is
 * https. Sign-in attempts are counted per account as well as per address. A
 * signed-out cookie leaves the session cache first.
 */
export async function handleAuthRequest(app: App, request: Request): Promise<Response> {
  let cleaned: Request;
  let signInEmail: string | null = null;
  try {
    assertSameOrigin(request, app.config.appUrl);
    if (request.method === 'POST' && hasBody(request)) assertJsonBody(request);
    // a name or email with U+0000 would reach PostgreSQL through better-auth and fail as a 500
    cleaned = request.method === 'POST' ? await withCleanJsonBody(request) : request;
    const body =
      request.method === 'POST' && hasBody(request)
        ? await cleaned
            .clone()
            .json()
            .catch(() => null)
        : null;
    if (foreignRedirectTarget(new URL(request.url), body) !== null)
      throw new AppError('bad_request', 'Redirects go to a page of this site only: give a path such as /chats.');
    assertAccountFieldSizes(body);
    if (isSignIn(request)) {
      signInEmail = emailOf(body);
      if (signInEmail)
        await countSignInAttempt(
          app.db,
          { email: signInEmail, address: clientAddress(request.headers), cookie: request.headers.get('cookie') },
          resolveAuthSecret(app.config.authSecret, app.config.dataDir),
        );
    }
  } catch (error) {
    if (error instanceof AppError) return errorResponse(error);
    throw error;
  }
  if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/sign-out')) {
    const cookie = request.headers.get('cookie');
    const signingOut = await currentUser(app, request).catch(() => null);
    app.sessions.forget(cookie);
    // the other processes may hold this cookie too: they forget the person's cached sessions (a re-read, nothing more)
    if (signingOut) app.sessions.forgetUser(signingOut.id);
  }
  const origin = requestOrigin(cleaned);
  let response = withStandardRetryAfter(await app.auth.handler(origin ? atOrigin(cleaned, origin) : cleaned));
  const secure = Boolean(publicOrigin(request, app.config.appUrl)?.startsWith('https:'));
  // a device that signed in is known from now on: the account-wide guessing ceiling does not apply to it
  if (signInEmail && response.ok)
    response = withCookie(response, knownDeviceCookie(resolveAuthSecret(app.config.authSecret, app.config.dataDir), signInEmail, secure));
  return secure ? withSecureCookies(response) : response;
}

const isSignIn = (request: Request) => request.method === 'POST' && new URL(request.url).pathname.endsWith('/sign-in/email');

/** better-auth says when to try again in X-Retry-After only; clients and proxies read the standard Retry-After. */
function withStandardRetryAfter(response: Response): Response {
  const seconds = response.status === 429 ? response.headers.get('x-retry-after') : null;
  if (!seconds || response.headers.has('retry-after')) return response;
  const headers = new Headers(response.headers);
  headers.set('retry-after', seconds);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function withCookie(response: Response, cookie: string): Response {
  const headers = new Headers(response.headers);
  headers.append('set-cookie', cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** A display name is shown in lists, mails and chat cards: a name of 60,000 characters is not one. */
export const MAX_NAME_LENGTH = 100;
const MAX_EMAIL_LENGTH = 254;

function assertAccountFieldSizes(body: unknown): void {
  if (!body || typeof body !== 'object') return;
  const { name, email, newEmail } = body as { name?: unknown; email?: unknown; newEmail?: unknown };
  if (typeof name === 'string' && name.trim().length > MAX_NAME_LENGTH)
    throw new AppError('validation_failed', `name: at most ${MAX_NAME_LENGTH} characters.`);
  if (typeof email === 'string' && email.length > MAX_EMAIL_LENGTH)
    throw new AppError('validation_failed', `email: at most ${MAX_EMAIL_LENGTH} characters.`);
  if (typeof newEmail === 'string' && newEmail.length > MAX_EMAIL_LENGTH)
    throw new AppError('validation_failed', `newEmail: at most ${MAX_EMAIL_LENGTH} characters.`);
}

function hasBody(request: Request): boolean {
  return (
    Number(request.headers.get('content-length') ?? '0') > 0 ||
    request.headers.has('transfer-encoding') ||
    request.headers.has('content-type')
  );
}

/** The same request, its URL at the origin the browser used (Next.js builds `request.url` with its own host name). */
function atOrigin(request: Request, origin: string): Request {
  const url = new URL(request.url);
  return new Request(new URL(url.pathname + url.search, origin), {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: 'half',
  } as RequestInit);
}

function withSecureCookies(response: Response): Response {
  const cookies = response.headers.getSetCookie();
  if (cookies.length === 0) return response;
  const headers = new Headers(response.headers);
  headers.delete('set-cookie');
  for (const cookie of cookies) headers.append('set-cookie', /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export async function requireUser(app: App, request: Request): Promise<SessionUser> {
  const user = await currentUser(app, request);
  if (!user) throw new AppError('unauthorized', 'Sign in to continue.');
  return user;
}

export async function requireStaff(app: App, request: Request): Promise<SessionUser> {
  const user = await requireUser(app, request);
  if (user.role !== 'staff') throw new AppError('forbidden', 'This page is for staff only.');
  return user;
}
