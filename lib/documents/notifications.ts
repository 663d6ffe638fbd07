import type { Db } from '@/lib/db/client';
import { keysetWhere, mapPage, takeOneMore, toPage, type PageRequest } from '@/lib/db/keyset';

/** The person's notifications (or only the unread ones), newest first, a page at a time (keyset on createdAt, id). */
export async function listNotifications(db: Db, userId: string, options: { unreadOnly?: boolean }, page: PageRequest) {
  const rows = await db.notification.findMany({
    where: { userId, ...(options.unreadOnly ? { readAt: null } : {}), ...keysetWhere('createdAt', page.after) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: takeOneMore(page),
  });
  return mapPage(
    toPage(rows, page, (n) => ({ at: n.createdAt, id: n.id })),
    (n) => ({
      id: n.id,
      kind: n.kind,
      documentId: n.documentId,
      text: n.text,
      read: n.readAt !== null,
      createdAt: n.createdAt.toISOString(),
    }),
  );
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

/** The badge counts this many at most ("9+" past nine): the number is a nudge, not a ledger, and the count stays one short index scan. */
export const UNREAD_COUNT_CAP = 10;

/** How many unread notifications the person has, counted up to UNREAD_COUNT_CAP (`capped`: at least that many). */
export async function countUnread(db: Db, userId: string): Promise<{ count: number; capped: boolean }> {
  const [row] = await db.$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM notification WHERE "userId" = ${userId} AND "readAt" IS NULL LIMIT ${UNREAD_COUNT_CAP}
    ) unread`;
  const count = row?.n ?? 0;
  return { count, capped: count >= UNREAD_COUNT_CAP };
}

/** "Mark all as read": every unread notification of the person, at once. */
export async function markAllRead(db: Db, userId: string): Promise<{ read: number }> {
  const { count } = await db.notification.updateMany({ where: { userId, readAt: null }, data: { readAt: new Date() } });
  return { read: count };
}
