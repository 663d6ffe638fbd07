import type { Db } from '@/lib/db/client';

/**
 * The account a mailed password link sets the password of, while the link is
 * still usable; null for an unknown, spent or expired one. better-auth keeps the
 * link as a verification row `reset-password:<token>` whose value is the user id
 * (its routes/password.ts), and consumes it when the password is set.
 */
export async function passwordLinkAccount(db: Db, token: string, now = new Date()): Promise<{ email: string } | null> {
  if (!/^[A-Za-z0-9_-]{8,128}$/.test(token)) return null;
  const link = await db.verification.findFirst({
    where: { identifier: `reset-password:${token}`, expiresAt: { gt: now } },
    select: { value: true },
  });
  if (!link) return null;
  return db.user.findUnique({ where: { id: link.value }, select: { email: true } });
}
