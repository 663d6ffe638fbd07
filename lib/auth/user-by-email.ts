import type { Db } from '@/lib/db/client';
import { notFound } from '@/lib/errors';

/** The id of the account with this email (compared case-blind); 404 naming the email when there is none. */
export async function userIdByEmail(db: Db, email: string): Promise<string> {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
  if (!user) throw notFound(`No user with the email ${email}.`);
  return user.id;
}
