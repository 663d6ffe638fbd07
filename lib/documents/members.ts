import type { Db } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';

export type MemberRole = 'reviewer' | 'editor';

/** Shares the document with another account; adding someone again changes their role. */
export async function shareDocument(db: Db, documentId: string, ownerId: string, email: string, role: MemberRole): Promise<{ userId: string; role: MemberRole }> {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
  if (!user) throw new AppError('unprocessable', `No Quire account uses ${email}.`);
  if (user.id === ownerId) throw new AppError('bad_request', 'You already own this document.');
  await db.documentMember.upsert({
    where: { documentId_userId: { documentId, userId: user.id } },
    create: { documentId, userId: user.id, role },
    update: { role },
  });
  return { userId: user.id, role };
}

export async function listMembers(db: Db, documentId: string) {
  const members = await db.documentMember.findMany({
    where: { documentId },
    orderBy: { createdAt: 'asc' },
    select: { role: true, user: { select: { id: true, email: true, name: true } } },
  });
  return members.map((m) => ({ userId: m.user.id, email: m.user.email, name: m.user.name, role: m.role as MemberRole }));
}

/** The owner changes what a member may do; effective on the member's next request (rights are read per request). */
export async function changeMemberRole(db: Db, documentId: string, userId: string, role: MemberRole): Promise<{ userId: string; role: MemberRole }> {
  const { count } = await db.documentMember.updateMany({ where: { documentId, userId }, data: { role } });
  if (count === 0) throw new AppError('not_found', 'This person is not a member of the document.');
  return { userId, role };
}

/** The owner revokes a member: their next request for the document is a 404, like anyone's. */
export async function removeMember(db: Db, documentId: string, userId: string): Promise<{ userId: string; removed: true }> {
  const { count } = await db.documentMember.deleteMany({ where: { documentId, userId } });
  if (count === 0) throw new AppError('not_found', 'This person is not a member of the document.');
  return { userId, removed: true };
}
