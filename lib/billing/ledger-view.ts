import type { Db } from '@/lib/db/client';
import { keysetWhere, mapPage, takeOneMore, toPage, type PageRequest } from '@/lib/db/keyset';
import type { ModelCall } from '@/lib/generated/prisma/client';

export interface LedgerFilter {
  userId?: string;
  chatId?: string;
  documentId?: string;
  status?: 'reserved' | 'settled' | 'refunded';
}

/**
 * GET /api/ledger (docs/api.md): one entry per turn or pipeline step, its calls
 * inside, newest first, a page at a time (keyset on createdAt, id). Each entry
 * carries the titles of its chat and document, looked up for the page's rows only.
 */
export async function listLedger(db: Db, filter: LedgerFilter, page: PageRequest) {
  const rows = await db.ledgerEntry.findMany({
    where: {
      ...(filter.userId ? { userId: filter.userId } : {}),
      ...(filter.chatId ? { chatId: filter.chatId } : {}),
      ...(filter.documentId ? { documentId: filter.documentId } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...keysetWhere('createdAt', page.after),
    },
    include: { calls: { orderBy: { seq: 'asc' } } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: takeOneMore(page),
  });
  const shown = toPage(rows, page, (entry) => ({ at: entry.createdAt, id: entry.id }));
  const entries = shown.items;
  // names for the rows (staff read everyone's ledger)
  // (no foreign keys: an entry outlives its chat or document, and then has no title)
  const [users, chats, documents] = await Promise.all([
    db.user.findMany({ where: { id: { in: [...new Set(entries.map((e) => e.userId))] } }, select: { id: true, email: true } }),
    db.chat.findMany({ where: { id: { in: entries.flatMap((e) => (e.chatId ? [e.chatId] : [])) } }, select: { id: true, title: true } }),
    db.document.findMany({
      where: { id: { in: entries.flatMap((e) => (e.documentId ? [e.documentId] : [])) } },
      select: { id: true, title: true },
    }),
  ]);
  const emailOf = new Map(users.map((u) => [u.id, u.email]));
  const titleOf = new Map(chats.map((c) => [c.id, c.title]));
  const documentTitleOf = new Map(documents.map((d) => [d.id, d.title]));
  return mapPage(shown, (e) => ({
    id: e.id,
    userId: e.userId,
    userEmail: emailOf.get(e.userId) ?? null,
    chatTitle: e.chatId ? (titleOf.get(e.chatId) ?? null) : null,
    documentTitle: e.documentId ? (documentTitleOf.get(e.documentId) ?? null) : null,
    turnId: e.turnId,
    jobId: e.jobId,
    chatId: e.chatId,
    documentId: e.documentId,
    messageId: e.messageId,
    status: e.status,
    reservedMicros: Number(e.reservedMicros),
    chargedMicros: Number(e.chargedMicros),
    createdAt: e.createdAt,
    calls: e.calls.map(toCallView),
    web: { searches: e.webSearches, pagesRead: e.webPagesRead },
  }));
}

/** One upstream call as people and staff see it (docs/api.md ledger `calls`). */
export function toCallView(c: ModelCall) {
  return {
    model: c.model,
    purpose: c.purpose,
    status: c.status,
    inputTokens: c.inputTokens,
    outputTokens: c.outputTokens,
    reasoningTokens: c.reasoningTokens,
    estimated: c.estimated,
    costMicros: Number(c.costMicros),
    finishReason: c.finishReason,
    error: c.error,
  };
}

/**
 * Top-ups (staff credit grants), newest first, a page at a time, with the reason
 * given, whom they went to and who made them: the credit lines of a ledger.
 */
export async function listCredits(db: Db, filter: { userId?: string }, page: PageRequest) {
  const rows = await db.creditGrant.findMany({
    where: { ...(filter.userId ? { userId: filter.userId } : {}), ...keysetWhere('createdAt', page.after) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: takeOneMore(page),
  });
  const shown = toPage(rows, page, (grant) => ({ at: grant.createdAt, id: grant.id }));
  const grants = shown.items;
  const people = await db.user.findMany({
    where: { id: { in: [...new Set(grants.flatMap((g) => (g.grantedById ? [g.userId, g.grantedById] : [g.userId])))] } },
    select: { id: true, email: true },
  });
  const emailOf = new Map(people.map((u) => [u.id, u.email]));
  return mapPage(shown, (g) => ({
    id: g.id,
    userId: g.userId,
    userEmail: emailOf.get(g.userId) ?? null,
    amountMicros: Number(g.amountMicros),
    reason: g.reason,
    grantedByEmail: g.grantedById ? (emailOf.get(g.grantedById) ?? null) : null,
    createdAt: g.createdAt,
  }));
}
