import type { Db } from '@/lib/db/client';
import { keysetWhere, takeOneMore, toPage, type Page, type PageRequest } from '@/lib/db/keyset';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { AuditAction } from './audit-log';

export interface AuditFilter {
  action?: AuditAction;
  /** the actor's email or part of it */
  actor?: string;
  from?: Date;
  to?: Date;
}

export interface AuditRow {
  id: string;
  at: Date;
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  address: string | null;
  detail: Record<string, unknown> | null;
}

/** The most rows one CSV export holds: a month of a busy server; narrow the dates for more. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;
const EXPORT_BATCH = 500;

function filterWhere(filter: AuditFilter): Prisma.AuditEventWhereInput {
  return {
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.actor ? { actorEmail: { contains: filter.actor.trim().toLowerCase() } } : {}),
    ...(filter.from || filter.to ? { at: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lte: filter.to } : {}) } } : {}),
  };
}

/** What staff did and where sign-in was refused, newest first, a page at a time (keyset on at, id). */
export async function listAudit(db: Db, filter: AuditFilter, page: PageRequest): Promise<Page<AuditRow>> {
  const rows = await db.auditEvent.findMany({
    where: { AND: [filterWhere(filter), keysetWhere('at', page.after)] },
    orderBy: [{ at: 'desc' }, { id: 'desc' }],
    take: takeOneMore(page),
  });
  return toPage(
    rows.map((row) => ({ ...row, detail: (row.detail ?? null) as Record<string, unknown> | null })),
    page,
    (row) => ({ at: row.at, id: row.id }),
  );
}

/**
 * The filtered rows for an export, newest first, read a batch at a time so a
 * long log never sits in memory whole; at most `max` rows. `truncated` says
 * (before the first row is read) whether more rows match than the export holds.
 */
export async function auditExport(
  db: Db,
  filter: AuditFilter,
  max = AUDIT_EXPORT_MAX_ROWS,
): Promise<{ truncated: boolean; rows: AsyncGenerator<AuditRow> }> {
  const beyond = await db.auditEvent.findMany({
    where: filterWhere(filter),
    orderBy: [{ at: 'desc' }, { id: 'desc' }],
    skip: max,
    take: 1,
  });
  async function* rows(): AsyncGenerator<AuditRow> {
    let after: PageRequest['after'];
    let left = max;
    while (left > 0) {
      const page = await listAudit(db, filter, { after, limit: Math.min(EXPORT_BATCH, left) });
      yield* page.items;
      left -= page.items.length;
      if (!page.next) return;
      after = page.next;
    }
  }
  return { truncated: beyond.length > 0, rows: rows() };
}
