import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getApp, type App } from '@/lib/app';
import { REQUEST_PATH_HEADER, signInPathFor } from '@/lib/auth/return-path';
import { currentUser, type SessionUser } from '@/lib/http/auth-session';

/** The signed-in person for a server component, or null. */
export async function getPageUser(): Promise<{ app: App; user: SessionUser | null }> {
  const app = await getApp();
  const user = await currentUser(app, new Request('http://local', { headers: await headers() }));
  return { app, user };
}

/** App pages: an anonymous visit goes to the sign-in page, which sends the person back here afterwards. */
export async function requirePageUser(): Promise<{ app: App; user: SessionUser }> {
  const { app, user } = await getPageUser();
  if (!user) redirect(signInPathFor((await headers()).get(REQUEST_PATH_HEADER)));
  return { app, user };
}
