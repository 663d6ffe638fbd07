import type { App } from '@/lib/app';
import { AppError } from '@/lib/http/errors';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'staff';
  emailVerified: boolean;
}

export async function currentUser(app: App, request: Request): Promise<SessionUser | null> {
  const cookie = request.headers.get('cookie');
  const cached = app.sessions.get(cookie);
  if (cached) return cached;
  const session = await app.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const user = session.user as typeof session.user & { role?: string };
  const found: SessionUser = { id: user.id, email: user.email, name: user.name, role: user.role === 'staff' ? 'staff' : 'user', emailVerified: user.emailVerified };
  app.sessions.set(cookie, found, new Date(session.session.expiresAt));
  return found;
}

/** better-auth's own routes (sign-up, sign-in, sign-out); a signed-out cookie leaves the session cache first. */
export function handleAuthRequest(app: App, request: Request): Promise<Response> {
  if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/sign-out')) app.sessions.forget(request.headers.get('cookie'));
  return app.auth.handler(request);
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
