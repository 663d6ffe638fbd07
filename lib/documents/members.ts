import type { Db } from '@/lib/db/client';
import { randomInt } from 'node:crypto';
import { AppError } from '@/lib/errors';

export type MemberRole = 'reviewer' | 'editor';

/**
 * Shares the document with whoever holds `email`; sharing again changes the
 * role. The answer is the same whether or not an account uses the address, so
 * sharing tells nobody which addresses have accounts: an unknown address gets a
 * pending share, listed like a member, that becomes a membership when an account
 * with that address is made (`claimPendingShares`). A recipient with an account
 * gets a notification (one per document: sharing again renews it as unread) in
 * the same transaction as their access.
 */
export async function shareDocument(
  db: Db,
  documentId: string,
  ownerId: string,
  rawEmail: string,
  role: MemberRole,
): Promise<{ userId: string; role: MemberRole }> {
  const email = rawEmail.trim().toLowerCase();
  const [owner, document, user] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: ownerId }, select: { name: true, email: true } }),
    db.document.findUniqueOrThrow({ where: { id: documentId }, select: { title: true } }),
    db.user.findUnique({ where: { email }, select: { id: true } }),
  ]);
  if (email === owner.email.toLowerCase()) throw new AppError('bad_request', 'You already own this document.');
  if (!user) {
    const pending = await db.pendingShare.upsert({
      where: { documentId_email: { documentId, email } },
      create: { id: accountLikeId(), documentId, email, role },
      update: { role },
      select: { id: true },
    });
    return { userId: pending.id, role };
  }
  await db.$transaction([
    db.documentMember.upsert({
      where: { documentId_userId: { documentId, userId: user.id } },
      create: { documentId, userId: user.id, role },
      update: { role },
    }),
    upsertSharedNotice(db, { userId: user.id, documentId, ownerName: owner.name, title: document.title, role }),
  ]);
  return { userId: user.id, role };
}

function upsertSharedNotice(db: Db, share: { userId: string; documentId: string; ownerName: string; title: string; role: string }) {
  const text = `${share.ownerName} shared “${share.title || 'Untitled document'}” with you as ${share.role === 'editor' ? 'an editor' : 'a reviewer'}.`;
  const notice = { userId: share.userId, documentId: share.documentId, kind: SHARED_NOTIFICATION };
  return db.notification.upsert({
    where: { userId_documentId_kind: notice },
    create: { ...notice, text },
    update: { text, readAt: null, createdAt: new Date() },
  });
}

/**
 * A new account takes up the documents shared with its address before it
 * existed: memberships and notices made, pending shares gone, in one transaction.
 */
export async function claimPendingShares(db: Db, user: { id: string; email: string }): Promise<number> {
  return db.$transaction(async (tx) => {
    const pending = await tx.pendingShare.findMany({
      where: { email: user.email.toLowerCase() },
      select: { id: true, documentId: true, role: true, document: { select: { title: true, owner: { select: { name: true } } } } },
      take: MAX_PENDING_CLAIMED,
    });
    for (const share of pending) {
      await tx.documentMember.upsert({
        where: { documentId_userId: { documentId: share.documentId, userId: user.id } },
        create: { documentId: share.documentId, userId: user.id, role: share.role },
        update: {},
      });
      await upsertSharedNotice(tx as Db, {
        userId: user.id,
        documentId: share.documentId,
        ownerName: share.document.owner.name,
        title: share.document.title,
        role: share.role,
      });
    }
    await tx.pendingShare.deleteMany({ where: { id: { in: pending.map((share) => share.id) } } });
    return pending.length;
  });
}

/** an address shared a great many times is claimed in bounded batches (the rest at the next sign-in would be a surprise; this is ample) */
const MAX_PENDING_CLAIMED = 500;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 32 letters and digits, the form of an account id (better-auth's), so a pending share's id does not stand out. */
function accountLikeId(): string {
  let id = '';
  for (let i = 0; i < 32; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** The notification kind a recipient gets when a document is shared with them. */
export const SHARED_NOTIFICATION = 'document_shared';

/**
 * The people the document is shared with, oldest share first: members and
 * pending shares alike. A member's name shows once they have opened the
 * document; until then only the address the owner typed.
 */
export async function listMembers(db: Db, documentId: string) {
  const [members, pending] = await Promise.all([
    db.documentMember.findMany({
      where: { documentId },
      orderBy: { createdAt: 'asc' },
      take: MAX_LISTED,
      select: { role: true, createdAt: true, openedAt: true, user: { select: { id: true, email: true, name: true } } },
    }),
    db.pendingShare.findMany({ where: { documentId }, orderBy: { createdAt: 'asc' }, take: MAX_LISTED }),
  ]);
  return [
    ...members.map((m) => ({
      userId: m.user.id,
      email: m.user.email,
      name: m.openedAt ? m.user.name : null,
      role: m.role as MemberRole,
      at: m.createdAt,
    })),
    ...pending.map((p) => ({ userId: p.id, email: p.email, name: null, role: p.role as MemberRole, at: p.createdAt })),
  ]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .slice(0, MAX_LISTED)
    .map(({ at: _at, ...member }) => member);
}

const MAX_LISTED = 500;

/** The owner changes what a member may do; effective on the member's next request (rights are read per request). */
export async function changeMemberRole(
  db: Db,
  documentId: string,
  userId: string,
  role: MemberRole,
): Promise<{ userId: string; role: MemberRole }> {
  const [members, pending] = await db.$transaction([
    db.documentMember.updateMany({ where: { documentId, userId }, data: { role } }),
    db.pendingShare.updateMany({ where: { documentId, id: userId }, data: { role } }),
  ]);
  if (members.count + pending.count === 0) throw new AppError('not_found', 'This person is not a member of the document.');
  return { userId, role };
}

/** The owner revokes a member: their next request for the document is a 404, like anyone's. */
export async function removeMember(db: Db, documentId: string, userId: string): Promise<{ userId: string; removed: true }> {
  // their "shared with you" notice would now lead to a 404: it goes with the access
  const [members, , pending] = await db.$transaction([
    db.documentMember.deleteMany({ where: { documentId, userId } }),
    db.notification.deleteMany({ where: { documentId, userId, kind: SHARED_NOTIFICATION } }),
    db.pendingShare.deleteMany({ where: { documentId, id: userId } }),
  ]);
  if (members.count + pending.count === 0) throw new AppError('not_found', 'This person is not a member of the document.');
  return { userId, removed: true };
}
