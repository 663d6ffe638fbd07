import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { recordAudit, type PersonActor } from '@/lib/audit/audit-log';
import type { Db } from '@/lib/db/client';
import { keysetWhere, mapPage, takeOneMore, toPage, type Page, type PageRequest } from '@/lib/db/keyset';
import { AppError, notFound } from '@/lib/errors';

export const INVITE_DAYS_DEFAULT = 7;
export const INVITE_DAYS_MAX = 30;

export type InviteStatus = 'active' | 'used' | 'revoked' | 'expired';

export interface InviteView {
  id: string;
  email: string | null;
  status: InviteStatus;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  createdBy: { name: string; email: string };
  usedBy: { name: string; email: string; at: Date } | null;
}

/** Only the hash is stored: a leaked table does not open sign-up. */
export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const inviteLink = (origin: string, token: string) => `${origin}/sign-up?invite=${encodeURIComponent(token)}`;

const viewSelect = {
  id: true,
  email: true,
  createdAt: true,
  expiresAt: true,
  revokedAt: true,
  createdBy: { select: { name: true, email: true } },
  usedBy: { select: { name: true, email: true, createdAt: true } },
} as const;

type InviteRow = {
  id: string;
  email: string | null;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  createdBy: { name: string; email: string };
  usedBy: { name: string; email: string; createdAt: Date } | null;
};

/** Used wins over revoked and expired: the account exists whatever happened to the link later. */
export function inviteStatus(invite: Pick<InviteRow, 'usedBy' | 'revokedAt' | 'expiresAt'>, now = new Date()): InviteStatus {
  if (invite.usedBy) return 'used';
  if (invite.revokedAt) return 'revoked';
  if (invite.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function toView(row: InviteRow, now = new Date()): InviteView {
  const { usedBy, ...rest } = row;
  return {
    ...rest,
    status: inviteStatus(row, now),
    usedBy: usedBy ? { name: usedBy.name, email: usedBy.email, at: usedBy.createdAt } : null,
  };
}

/** A new link for one account; the token is returned once and never stored. */
export async function createInvite(db: Db, input: { createdBy: PersonActor; email?: string; days?: number }, now = new Date()) {
  const token = randomBytes(24).toString('base64url');
  const days = input.days ?? INVITE_DAYS_DEFAULT;
  const row = await db.$transaction(async (tx) => {
    const created = await tx.invite.create({
      data: {
        id: randomUUID(),
        tokenHash: hashInviteToken(token),
        email: input.email?.trim().toLowerCase() || null,
        createdById: input.createdBy.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + days * 86_400_000),
      },
      select: viewSelect,
    });
    await recordAudit(tx, {
      actor: input.createdBy,
      action: 'invite_created',
      target: { type: 'invite', id: created.id, label: created.email },
      detail: { expiresAt: created.expiresAt.toISOString() },
    });
    return created;
  });
  return { token, invite: toView(row, now) };
}

/** Every invite, newest first, a page at a time (keyset on createdAt, id). */
export async function listInvites(db: Db, page: PageRequest, now = new Date()): Promise<Page<InviteView>> {
  const rows = await db.invite.findMany({
    where: keysetWhere('createdAt', page.after),
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: takeOneMore(page),
    select: viewSelect,
  });
  return mapPage(
    toPage(rows, page, (row) => ({ at: row.createdAt, id: row.id })),
    (row) => toView(row, now),
  );
}

/** Revoking is idempotent (only the first revocation is recorded); a link that already made an account cannot be taken back. */
export async function revokeInvite(db: Db, id: string, revokedBy: PersonActor, now = new Date()): Promise<InviteView> {
  const row = await db.$transaction(async (tx) => {
    const { count } = await tx.invite.updateMany({ where: { id, revokedAt: null, usedBy: null }, data: { revokedAt: now } });
    const found = await tx.invite.findUnique({ where: { id }, select: viewSelect });
    if (found && count > 0)
      await recordAudit(tx, { actor: revokedBy, action: 'invite_revoked', target: { type: 'invite', id, label: found.email } });
    return found;
  });
  if (!row) throw notFound('No invite with this id.');
  if (row.usedBy) throw new AppError('conflict', `This invite was already used by ${row.usedBy.email}.`);
  return toView(row, now);
}

/** What the sign-up page and the sign-up gate know about a token. */
export async function findInviteByToken(db: Db, token: string, now = new Date()) {
  const row = await db.invite.findUnique({ where: { tokenHash: hashInviteToken(token) }, select: viewSelect });
  return row ? toView(row, now) : null;
}
