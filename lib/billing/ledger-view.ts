import type { Db } from '@/lib/db/client';
import type { ModelCall } from '@/lib/generated/prisma/client';

export interface LedgerFilter {
  userId?: string;
  chatId?: string;
  documentId?: string;
  status?: 'reserved' | 'settled' | 'refunded';
  limit?: number;
}

/** GET /api/ledger (docs/api.md): one entry per turn or pipeline step, its calls inside, newest first. */
export async function listLedger(db: Db, filter: LedgerFilter) {
  const entries = await db.ledgerEntry.findMany({
    where: {
      ...(filter.userId ? { userId: filter.userId } : {}),
      ...(filter.chatId ? { chatId: filter.chatId } : {}),
      ...(filter.documentId ? { documentId: filter.documentId } : {}),
      ...(filter.status ? { status: filter.status } : {}),
    },
    include: { calls: { orderBy: { seq: 'asc' } } },
    orderBy: { createdAt: 'desc' },
    take: filter.limit ?? 200,
  });
  // names for the rows (staff read everyone's ledger)
  const [users, chats] = await Promise.all([
    db.user.findMany({ where: { id: { in: [...new Set(entries.map((e) => e.userId))] } }, select: { id: true, email: true } }),
    db.chat.findMany({ where: { id: { in: entries.flatMap((e) => (e.chatId ? [e.chatId] : [])) } }, select: { id: true, title: true } }),
  ]);
  const emailOf = new Map(users.map((u) => [u.id, u.email]));
  const titleOf = new Map(chats.map((c) => [c.id, c.title]));
  return entries.map((e) => ({
    id: e.id,
    userId: e.userId,
    userEmail: emailOf.get(e.userId) ?? null,
    chatTitle: e.chatId ? (titleOf.get(e.chatId) ?? null) : null,
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

export async function listCreditGrants(db: Db, userId: string) {
  const grants = await db.creditGrant.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, take: 100 });
  return grants.map((g) => ({ id: g.id, amountMicros: Number(g.amountMicros), reason: g.reason, grantedById: g.grantedById, createdAt: g.createdAt }));
}
