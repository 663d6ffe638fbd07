import type { Db } from '@/lib/db/client';

export interface TranscriptFilter {
  status?: 'stopped' | 'truncated' | 'error';
  model?: string;
  /** email or part of it */
  user?: string;
  from?: Date;
  to?: Date;
}

/** Staff's list of conversations, newest activity first, with counts of the answers that went wrong. */
export async function listTranscripts(db: Db, filter: TranscriptFilter) {
  const chats = await db.chat.findMany({
    where: {
      ...(filter.user ? { user: { email: { contains: filter.user, mode: 'insensitive' } } } : {}),
      ...(filter.from || filter.to
        ? { lastMessageAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lte: filter.to } : {}) } }
        : {}),
      // an empty chat is not a conversation yet
      messages: { some: { ...(filter.status ? { status: filter.status } : {}), ...(filter.model ? { model: filter.model } : {}) } },
    },
    include: { user: { select: { email: true } } },
    orderBy: { lastMessageAt: 'desc' },
    take: 200,
  });
  const counts = await db.message.groupBy({
    by: ['chatId', 'status'],
    where: { chatId: { in: chats.map((c) => c.id) }, status: { in: ['stopped', 'truncated', 'error'] } },
    _count: { _all: true },
  });
  return chats.map((c) => {
    const statuses = { stopped: 0, truncated: 0, error: 0 };
    for (const row of counts) if (row.chatId === c.id) statuses[row.status as keyof typeof statuses] = row._count._all;
    return { chatId: c.id, user: c.user.email, title: c.title, status: c.status, lastMessageAt: c.lastMessageAt, statuses };
  });
}
