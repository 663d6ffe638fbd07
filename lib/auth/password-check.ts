import type { Db } from '@/lib/db/client';
import type { Auth } from './auth';

/** Whether the account has a password at all (one that only signs in through single sign-on has none). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const account = await db.account.findFirst({
    where: { userId, providerId: 'credential', password: { not: null } },
    select: { id: true },
  });
  return account !== null;
}

/**
 * Whether `password` is the account's current password, checked with
 * better-auth's own hashing. False for an account without one (a person who
 * only ever signed in another way).
 */
export async function passwordMatches(auth: Auth, db: Db, userId: string, password: string): Promise<boolean> {
  const account = await db.account.findFirst({ where: { userId, providerId: 'credential' }, select: { password: true } });
  if (!account?.password || !password) return false;
  const context = await auth.$context;
  return context.password.verify({ hash: account.password, password });
}
