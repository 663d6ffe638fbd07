import type { App } from '@/lib/app';
import { AppError, errorResponse } from '@/lib/http/errors';
import { withCleanJsonBody } from '@/lib/http/handler';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'staff';
}

export async function currentUser(app: App, request: Request): Promise<SessionUser | null> {
  const cookie = request.headers.get('cookie');
  const cached = app.sessions.get(cookie);
  if (cached) return cached;
  const session = await app.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const user = session.user as typeof session.user & { role?: string };
  const found: SessionUser = { id: user.id, email: user.email, name: user.name, role: user.role === 'staff' ? 'staff' : 'user' };
  app.sessions.set(cookie, found, new Date(session.session.expiresAt));
  return found;
}

/** better-auth's own routes (sign-up, sign-in, sign-out); a signed-out cookie leaves the session cache first. */
export async function handleAuthRequest(app: App, request: Request): Promise<Response> {
  if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/sign-out')) app.sessions.forget(request.headers.get('cookie'));
  if (request.method !== 'POST') return app.auth.handler(request);
  try {
    // a name or email with U+0000 would reach PostgreSQL through better-auth and fail as a 500
    return app.auth.handler(await withCleanJsonBody(request));
  } catch (error) {
    if (error instanceof AppError) return errorResponse(error);
    throw error;
  }
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
