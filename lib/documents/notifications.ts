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

/** Opening a document reads its notifications (shared with you, ready): they did their job. */
export async function markDocumentNotificationsRead(db: Db, userId: string, documentId: string): Promise<void> {
  await db.notification.updateMany({ where: { userId, documentId, readAt: null }, data: { readAt: new Date() } });
}
