import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getApp, type App } from '@/lib/app';
import { currentUser, type SessionUser } from '@/lib/auth/session';

/** The signed-in person for a server component, or null. */
export async function getPageUser(): Promise<{ app: App; user: SessionUser | null }> {
  const app = await getApp();
  const user = await currentUser(app, new Request('http://local', { headers: await headers() }));
  return { app, user };
}

/** App pages: an anonymous visit goes to the sign-in page. */
export async function requirePageUser(): Promise<{ app: App; user: SessionUser }> {
  const { app, user } = await getPageUser();
  if (!user) redirect('/sign-in');
  return { app, user };
}
