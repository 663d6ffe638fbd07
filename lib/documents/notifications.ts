import type { Db } from '@/lib/db/client';

export async function listNotifications(db: Db, userId: string) {
  const rows = await db.notification.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, take: 50 });
  return rows.map((n) => ({ id: n.id, kind: n.kind, documentId: n.documentId, text: n.text, read: n.readAt !== null, createdAt: n.createdAt.toISOString() }));
}
