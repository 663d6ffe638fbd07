import { type PersonActor, recordAudit } from '@/lib/audit/audit-log';
import { releaseReservations } from '@/lib/billing/ledger';
import type { Db } from '@/lib/db/client';
import { handOverDocument } from '@/lib/documents/members';
import { AppError } from '@/lib/errors';

/** How recent a sign-in stands in for the password of an account that has none (single sign-on only). */
export const FRESH_SIGN_IN_MINUTES = 10;

export interface AccountDeletion {
  /** the current password: a session alone (a laptop left open) cannot delete the account */
  password: string;
  /** when the caller's session signed in: what an account without a password proves itself by */
  signedInAt: Date;
  /** shared documents to keep alive: document id → the co-editor who becomes its owner; every other document goes */
  transfers: Record<string, string>;
}

export interface DeleteAccountDeps {
  db: Db;
  /** whether the account has a password, and whether this is it */
  password: { exists: (userId: string) => Promise<boolean>; matches: (userId: string, password: string) => Promise<boolean> };
  /** ends the person's cached sessions in every process */
  forgetSessions: (userId: string) => void;
}

/**
 * "Delete my account", in one transaction: the documents the person chose pass
 * to their co-editors; the sources they added to other people's documents stay
 * there as those owners'; then the account goes, and with it (by the schema's
 * cascades) their chats, the documents they own, their memberships,
 * notifications and sessions, and the files they uploaded. What was still
 * reserved for an answer in flight is refunded first. Their ledger
 * entries and top-ups stay, moved by the database to a nameless tombstone
 * (migration "leaving"). The audit log records the deletion. A wrong password
 * (or, without a password, a stale sign-in) is refused before anything is touched.
 */
export async function deleteAccount(
  deps: DeleteAccountDeps,
  actor: PersonActor,
  input: AccountDeletion,
  now = new Date(),
): Promise<{ deleted: true }> {
  await confirmOwner(deps, actor.userId, input, now);
  const userId = actor.userId;
  const handedOver = Object.keys(input.transfers).length;
  await deps.db.$transaction(async (tx) => {
    await releaseReservations(tx, userId, 'The account was deleted before this call was settled.');
    for (const [documentId, newOwnerId] of Object.entries(input.transfers)) await handOverDocument(tx, documentId, userId, newOwnerId);
    // what the person added to documents that stay belongs to those documents' owners from now on
    await tx.$executeRaw`
      UPDATE source SET "ownerId" = document."ownerId" FROM document
      WHERE source."documentId" = document.id AND source."ownerId" = ${userId} AND document."ownerId" <> ${userId}`;
    // files waiting in the person's chats have no document to cascade from
    await tx.source.deleteMany({ where: { ownerId: userId } });
    await recordAudit(tx, {
      actor,
      action: 'account_deleted',
      target: { type: 'user', id: userId, label: actor.email },
      detail: { documentsHandedOver: handedOver },
    });
    await tx.user.delete({ where: { id: userId } });
  });
  deps.forgetSessions(userId);
  return { deleted: true };
}

/**
 * A session alone (a laptop left open) cannot delete the account: the current
 * password, or, for an account without one (single sign-on only), a sign-in of
 * the last few minutes.
 */
async function confirmOwner(deps: DeleteAccountDeps, userId: string, input: AccountDeletion, now: Date): Promise<void> {
  if (await deps.password.exists(userId)) {
    if (!(await deps.password.matches(userId, input.password)))
      throw new AppError('wrong_password', 'That is not your current password. Nothing was deleted.');
    return;
  }
  if (now.getTime() - input.signedInAt.getTime() > FRESH_SIGN_IN_MINUTES * 60_000)
    throw new AppError(
      'fresh_sign_in_required',
      `Your account has no password: sign out, sign in again, and delete it within ${FRESH_SIGN_IN_MINUTES} minutes. Nothing was deleted.`,
    );
}
