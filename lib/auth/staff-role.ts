import { NO_ACTOR, recordAudit } from '@/lib/audit/audit-log';
import type { Db } from '@/lib/db/client';

/**
 * Staff rights come from STAFF_EMAILS only once the address is proven: called
 * when a person sets their password from the link mailed to that address (the
 * password chosen at sign-up may be a stranger's), and when single sign-on
 * brings an address its provider says is verified. The update is conditional on
 * the stored flag, so a role is never granted to an unverified row.
 */
export async function grantStaffIfListed(db: Db, staffEmails: readonly string[], user: { id: string; email: string }): Promise<boolean> {
  if (!isStaffListed(staffEmails, user.email)) return false;
  return grantStaff(db, user, { emailVerified: true }, { by: 'STAFF_EMAILS' });
}

/**
 * Staff rights from the single sign-on provider: the person signed in through it
 * just now and its `groups` claim names OIDC_STAFF_GROUP. The provider vouches
 * for the identity (its signed ID token), so no mailbox proof is asked for.
 */
export function grantStaffFromGroup(db: Db, user: { id: string; email: string }, group: string): Promise<boolean> {
  return grantStaff(db, user, {}, { by: 'OIDC_STAFF_GROUP', group });
}

/** The role and its audit row, together: nobody signed in decided it, the deployment's configuration did. */
async function grantStaff(
  db: Db,
  user: { id: string; email: string },
  condition: { emailVerified?: true },
  reason: { by: 'STAFF_EMAILS' | 'OIDC_STAFF_GROUP'; group?: string },
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: user.id, ...condition, role: { not: 'staff' } },
      data: { role: 'staff' },
    });
    if (count > 0)
      await recordAudit(tx, {
        actor: NO_ACTOR,
        action: 'role_changed',
        target: { type: 'user', id: user.id, label: user.email },
        detail: { role: 'staff', ...reason },
      });
    return count > 0;
  });
}

export const isStaffListed = (staffEmails: readonly string[], email: string) => staffEmails.includes(email.trim().toLowerCase());
