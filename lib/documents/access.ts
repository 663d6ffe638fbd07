import type { Db, Tx } from '@/lib/db/client';
import { AppError } from '@/lib/errors';

export type DocumentRole = 'owner' | 'editor' | 'reviewer';

/** What each role may do (docs/api.md): reviewers read, see history, restore; editors also edit. */
export const CAN = {
  read: ['owner', 'editor', 'reviewer'],
  restore: ['owner', 'editor', 'reviewer'],
  edit: ['owner', 'editor'],
  manage: ['owner'],
} as const satisfies Record<string, readonly DocumentRole[]>;

export async function documentRole(db: Db | Tx, documentId: string, userId: string): Promise<DocumentRole | null> {
  const document = await db.document.findUnique({
    where: { id: documentId },
    select: { ownerId: true, members: { where: { userId }, select: { role: true } } },
  });
  if (!document) return null;
  if (document.ownerId === userId) return 'owner';
  const role = document.members[0]?.role;
  return role === 'editor' || role === 'reviewer' ? role : null;
}

/** Another user's document is a 404 unless shared; shared but not allowed is a 403. */
export async function requireDocumentRole(
  db: Db | Tx,
  documentId: string,
  userId: string,
  allowed: readonly DocumentRole[],
): Promise<DocumentRole> {
  const role = await documentRole(db, documentId, userId);
  if (!role) throw new AppError('not_found', 'Document not found.');
  if (!allowed.includes(role)) throw new AppError('forbidden', `A ${role} of this document cannot do that.`);
  return role;
}

export async function requireSectionRole(
  db: Db,
  sectionId: string,
  userId: string,
  allowed: readonly DocumentRole[],
): Promise<{ documentId: string; role: DocumentRole }> {
  const section = await db.section.findUnique({ where: { id: sectionId }, select: { documentId: true } });
  if (!section) throw new AppError('not_found', 'Section not found.');
  const role = await documentRole(db, section.documentId, userId);
  if (!role) throw new AppError('not_found', 'Section not found.');
  if (!allowed.includes(role)) throw new AppError('forbidden', `A ${role} of this document cannot do that.`);
  return { documentId: section.documentId, role };
}
