import type { PersonActor } from '@/lib/audit/audit-log';
import { recordAudit } from '@/lib/audit/audit-log';
import type { Db } from '@/lib/db/client';
import { keysetWhere, mapPage, type Page, type PageRequest, takeOneMore, toPage } from '@/lib/db/keyset';
import { AppError, notFound } from '@/lib/errors';
import type { SessionCache } from './session-cache';

/** What a deactivated person is told when they sign in (better-auth's 403, code ACCOUNT_DEACTIVATED). */
export const ACCOUNT_DEACTIVATED_MESSAGE = 'This account has been deactivated by staff. Ask them to reactivate it.';

/** One account as staff's People page lists it. */
export interface PersonView {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'staff';
  createdAt: Date;
  deactivatedAt: Date | null;
}

const personSelect = { id: true, name: true, email: true, role: true, createdAt: true, deactivatedAt: true } as const;

const toView = (row: {
  id: string;
  name: string;
  email: string;
  role: string;
  createdAt: Date;
  deactivatedAt: Date | null;
}): PersonView => ({
  ...row,
  role: row.role === 'staff' ? 'staff' : 'user',
});

/** Every account, newest first, a page at a time (keyset on createdAt, id); `email` narrows to addresses containing it. */
export async function listPeople(db: Db, filter: { email?: string }, page: PageRequest): Promise<Page<PersonView>> {
  const rows = await db.user.findMany({
    where: {
      ...(filter.email ? { email: { contains: filter.email.trim().toLowerCase() } } : {}),
      ...keysetWhere('createdAt', page.after),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: takeOneMore(page),
    select: personSelect,
  });
  return mapPage(
    toPage(rows, page, (row) => ({ at: row.createdAt, id: row.id })),
    toView,
  );
}

export async function isDeactivated(db: Db, userId: string): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { deactivatedAt: true } });
  return user?.deactivatedAt != null;
}

/**
 * Staff deactivate an account: its sessions end at once in every process and
 * it cannot sign in (lib/auth/auth.ts refuses a new session) until staff
 * reactivate it. Its chats, documents and money stay as they are. Idempotent:
 * only a change is recorded in the audit log, in the same transaction.
 */
export async function setAccountActive(
  deps: { db: Db; sessions: SessionCache },
  input: { userId: string; active: boolean; by: PersonActor },
  now = new Date(),
): Promise<PersonView> {
  if (!input.active && input.userId === input.by.userId)
    throw new AppError('conflict', 'You cannot deactivate your own account: ask another staff member.');
  const person = await deps.db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: input.userId, deactivatedAt: input.active ? { not: null } : null },
      data: { deactivatedAt: input.active ? null : now },
    });
    const row = await tx.user.findUnique({ where: { id: input.userId }, select: personSelect });
    if (!row) throw notFound('No account with this id.');
    if (count > 0) {
      if (!input.active) await tx.session.deleteMany({ where: { userId: input.userId } });
      await recordAudit(tx, {
        actor: input.by,
        action: input.active ? 'account_reactivated' : 'account_deactivated',
        target: { type: 'user', id: row.id, label: row.email },
      });
    }
    return row;
  });
  deps.sessions.forgetUser(input.userId);
  return toView(person);
}
