import { NO_ACTOR, recordAudit } from '@/lib/audit/audit-log';
import type { Db } from '@/lib/db/client';

/**
 * Staff rights come from STAFF_EMAILS only once the address is proven: called
 * when a person sets their password from the link mailed to that address (the
 * password chosen at sign-up may be a stranger's). The update is conditional on
 * the stored flag, so a role is never granted to an unverified row.
 */
export async function grantStaffIfListed(db: Db, staffEmails: readonly string[], user: { id: string; email: string }): Promise<boolean> {
  if (!isStaffListed(staffEmails, user.email)) return false;
  return db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: user.id, emailVerified: true, role: { not: 'staff' } },
      data: { role: 'staff' },
    });
    // nobody signed in decided it: the deployment's list did, once the mailbox was proven
    if (count > 0)
      await recordAudit(tx, {
        actor: NO_ACTOR,
        action: 'role_changed',
        target: { type: 'user', id: user.id, label: user.email },
        detail: { role: 'staff', by: 'STAFF_EMAILS' },
      });
    return count > 0;
  });
}

export const isStaffListed = (staffEmails: readonly string[], email: string) => staffEmails.includes(email.trim().toLowerCase());
