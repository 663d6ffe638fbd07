import type { Db } from '@/lib/db/client';

/**
 * Staff rights come from STAFF_EMAILS only once the address is proven: called
 * when a person sets their password from the link mailed to that address (the
 * password chosen at sign-up may be a stranger's). The update is conditional on
 * the stored flag, so a role is never granted to an unverified row.
 */
export async function grantStaffIfListed(db: Db, staffEmails: readonly string[], user: { id: string; email: string }): Promise<boolean> {
  if (!isStaffListed(staffEmails, user.email)) return false;
  const { count } = await db.user.updateMany({
    where: { id: user.id, emailVerified: true, role: { not: 'staff' } },
    data: { role: 'staff' },
  });
  return count > 0;
}

export const isStaffListed = (staffEmails: readonly string[], email: string) => staffEmails.includes(email.trim().toLowerCase());
