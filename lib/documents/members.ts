import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';

export type MemberRole = 'reviewer' | 'editor';

/**
 * Shares the document with another account; adding someone again changes
 * their role. The recipient gets a notification (one per document: sharing
 * again renews it as unread) in the same transaction as their access.
 */
export async function shareDocument(
  db: Db,
  documentId: string,
  ownerId: string,
  email: string,
  role: MemberRole,
): Promise<{ userId: string; role: MemberRole }> {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
  if (!user) throw new AppError('unprocessable', `No Quire account uses ${email}.`);
  if (user.id === ownerId) throw new AppError('bad_request', 'You already own this document.');
  const [owner, document] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: ownerId }, select: { name: true } }),
    db.document.findUniqueOrThrow({ where: { id: documentId }, select: { title: true } }),
  ]);
  const text = `${owner.name} shared “${document.title || 'Untitled document'}” with you as ${role === 'editor' ? 'an editor' : 'a reviewer'}.`;
  const notice = { userId: user.id, documentId, kind: SHARED_NOTIFICATION };
  await db.$transaction([
    db.documentMember.upsert({
      where: { documentId_userId: { documentId, userId: user.id } },
      create: { documentId, userId: user.id, role },
      update: { role },
    }),
    db.notification.upsert({
      where: { userId_documentId_kind: notice },
      create: { ...notice, text },
      update: { text, readAt: null, createdAt: new Date() },
    }),
  ]);
  return { userId: user.id, role };
}

/** The notification kind a recipient gets when a document is shared with them. */
export const SHARED_NOTIFICATION = 'document_shared';

export async function listMembers(db: Db, documentId: string) {
  const members = await db.documentMember.findMany({
    where: { documentId },
    orderBy: { createdAt: 'asc' },
    select: { role: true, user: { select: { id: true, email: true, name: true } } },
  });
  return members.map((m) => ({ userId: m.user.id, email: m.user.email, name: m.user.name, role: m.role as MemberRole }));
}

/** The owner changes what a member may do; effective on the member's next request (rights are read per request). */
export async function changeMemberRole(
  db: Db,
  documentId: string,
  userId: string,
  role: MemberRole,
): Promise<{ userId: string; role: MemberRole }> {
  const { count } = await db.documentMember.updateMany({ where: { documentId, userId }, data: { role } });
  if (count === 0) throw new AppError('not_found', 'This person is not a member of the document.');
  return { userId, role };
}

/** The owner revokes a member: their next request for the document is a 404, like anyone's. */
export async function removeMember(db: Db, documentId: string, userId: string): Promise<{ userId: string; removed: true }> {
  // their "shared with you" notice would now lead to a 404: it goes with the access
  const [{ count }] = await db.$transaction([
    db.documentMember.deleteMany({ where: { documentId, userId } }),
    db.notification.deleteMany({ where: { documentId, userId, kind: SHARED_NOTIFICATION } }),
  ]);
  if (count === 0) throw new AppError('not_found', 'This person is not a member of the document.');
  return { userId, removed: true };
}
