import type { Db } from '@/lib/db/client';

export async function listNotifications(db: Db, userId: string, options: { unreadOnly?: boolean } = {}) {
  const rows = await db.notification.findMany({
    where: { userId, ...(options.unreadOnly ? { readAt: null } : {}) },
    orderBy: { createdAt: 'desc' },
    take: 50,
  });
  return rows.map((n) => ({
    id: n.id,
    kind: n.kind,
    documentId: n.documentId,
    text: n.text,
    read: n.readAt !== null,
    createdAt: n.createdAt.toISOString(),
  }));
}

/**
 * Opening a document reads its notifications (shared with you, ready): they did
 * their job. A member opening it for the first time is from then on shown to the
 * owner by name.
 */
export async function markDocumentOpened(db: Db, userId: string, documentId: string): Promise<void> {
  const now = new Date();
  await db.$transaction([
    db.notification.updateMany({ where: { userId, documentId, readAt: null }, data: { readAt: now } }),
    db.documentMember.updateMany({ where: { userId, documentId, openedAt: null }, data: { openedAt: now } }),
  ]);
}
