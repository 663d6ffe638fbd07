import { recordAudit, type PersonActor } from '@/lib/audit/audit-log';
import type { Db } from '@/lib/db/client';
import { keysetSql, takeOneMore, toPage, type Page, type PageRequest } from '@/lib/db/keyset';
import { Prisma } from '@/lib/generated/prisma/client';
import { loadChatView } from './chat-view';

export interface TranscriptFilter {
  status?: 'stopped' | 'truncated' | 'error';
  model?: string;
  /** email or part of it */
  user?: string;
  from?: Date;
  to?: Date;
}

export interface TranscriptRow {
  chatId: string;
  user: string;
  title: string;
  status: string;
  lastMessageAt: Date;
  statuses: { stopped: number; truncated: number; error: number };
}

const PROBLEMS = ['stopped', 'truncated', 'error'] as const;

/**
 * Staff's list of conversations, newest activity first, a page at a time, with
 * counts of the answers that went wrong. The chats are read in the order of the
 * index on (lastMessageAt, id); whether one has a message (of the status or model
 * asked for) is an EXISTS per chat on message (chatId, status) / (chatId, model),
 * never a pass over the whole message table; the counts are for the page's chats only.
 */
export async function listTranscripts(db: Db, filter: TranscriptFilter, page: PageRequest): Promise<Page<TranscriptRow>> {
  const conditions: Prisma.Sql[] = [
    // an empty chat is not a conversation yet
    Prisma.sql`EXISTS (SELECT 1 FROM message m WHERE m."chatId" = c.id${filter.status ? Prisma.sql` AND m.status = ${filter.status}` : Prisma.empty}${
      filter.model ? Prisma.sql` AND m.model = ${filter.model}` : Prisma.empty
    })`,
    keysetSql(Prisma.sql`c."lastMessageAt"`, Prisma.sql`c.id`, page.after),
  ];
  if (filter.user) conditions.push(Prisma.sql`u.email ILIKE ${`%${filter.user.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`);
  if (filter.from) conditions.push(Prisma.sql`c."lastMessageAt" >= ${filter.from}`);
  if (filter.to) conditions.push(Prisma.sql`c."lastMessageAt" <= ${filter.to}`);
  const chats = await db.$queryRaw<Array<{ id: string; email: string; title: string; status: string; lastMessageAt: Date }>>`
    SELECT c.id, u.email, c.title, c.status, c."lastMessageAt"
    FROM chat c JOIN "user" u ON u.id = c."userId"
    WHERE ${Prisma.join(conditions, ' AND ')}
    ORDER BY c."lastMessageAt" DESC, c.id DESC
    LIMIT ${takeOneMore(page)}`;
  const shown = toPage(chats, page, (chat) => ({ at: chat.lastMessageAt, id: chat.id }));
  const counts =
    shown.items.length === 0
      ? []
      : await db.message.groupBy({
          by: ['chatId', 'status'],
          where: { chatId: { in: shown.items.map((c) => c.id) }, status: { in: [...PROBLEMS] } },
          _count: { _all: true },
        });
  return {
    items: shown.items.map((c) => {
      const statuses = { stopped: 0, truncated: 0, error: 0 };
      for (const row of counts) if (row.chatId === c.id) statuses[row.status as keyof typeof statuses] = row._count._all;
      return { chatId: c.id, user: c.email, title: c.title, status: c.status, lastMessageAt: c.lastMessageAt, statuses };
    }),
    next: shown.next,
  };
}

/**
 * Staff open any person's chat, read-only (opened at `around` when given): the
 * view, and a row in the audit log saying who read whose chat. A chat that is
 * not there (404) records nothing.
 */
export async function openTranscript(db: Db, chatId: string, staff: PersonActor, options: { around?: string } = {}) {
  const view = await loadChatView(db, chatId, staff.userId, { asStaff: true, around: options.around });
  await recordAudit(db, {
    actor: staff,
    action: 'transcript_opened',
    target: { type: 'chat', id: chatId, label: view.title },
    detail: { owner: view.user?.email ?? null },
  });
  return view;
}
