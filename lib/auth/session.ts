import type { App } from '@/lib/app';
import { AppError } from '@/lib/http/errors';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'staff';
}

export async function currentUser(app: App, request: Request): Promise<SessionUser | null> {
  const session = await app.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const user = session.user as typeof session.user & { role?: string };
  return { id: user.id, email: user.email, name: user.name, role: user.role === 'staff' ? 'staff' : 'user' };
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
