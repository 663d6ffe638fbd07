import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';

/**
 * Everything the audit log records, one name per kind of act. Adding one is a
 * line here, a label in the `staff.audit.actions` messages, and a
 * `recordAudit` call in the same transaction as the act.
 */
export const AUDIT_ACTIONS = [
  'credits_granted',
  'invite_created',
  'invite_revoked',
  'role_changed',
  'transcript_opened',
  'chat_file_opened',
  'chat_closed',
  'sign_in_limited',
  'account_deactivated',
  'account_reactivated',
  'account_deleted',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);

/**
 * Who acted and from where: the account's id and its email as it is now (the
 * log keeps the text, so a later change or deletion of the account leaves the
 * record as it was), and the client address the server established for the
 * request (lib/http/forwarded.ts, under TRUST_PROXY's rules). `null` actor
 * fields: nobody signed in did it (a burst of refused sign-ins, a rule of the
 * deployment).
 */
export interface AuditActor {
  userId: string | null;
  email: string | null;
  address: string | null;
}

/** A signed-in person acting: staff, in every act the log records. */
export interface PersonActor extends AuditActor {
  userId: string;
  email: string;
}

export const NO_ACTOR: AuditActor = { userId: null, email: null, address: null };

export interface AuditTarget {
  type: 'user' | 'invite' | 'chat' | 'credit_grant' | 'account';
  id?: string | null;
  /** what a reader recognises the target by, as it was at the time: an email, a chat title */
  label?: string | null;
}

export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  target?: AuditTarget;
  /** a few facts of the act (an amount, a reason, a limit); small, flat JSON */
  detail?: Record<string, string | number | boolean | null>;
  at?: Date;
}

/**
 * Appends one row. Called with the transaction of the act it records, so the
 * act and its record commit or roll back together; a read (a transcript opened)
 * records with the plain client.
 */
export async function recordAudit(db: Tx | Db, entry: AuditEntry): Promise<void> {
  await db.auditEvent.create({
    data: {
      id: randomUUID(),
      ...(entry.at ? { at: entry.at } : {}),
      actorId: entry.actor.userId,
      actorEmail: entry.actor.email?.toLowerCase() ?? null,
      action: entry.action,
      targetType: entry.target?.type ?? null,
      targetId: entry.target?.id ?? null,
      targetLabel: entry.target?.label ?? null,
      address: entry.actor.address,
      detail: (entry.detail ?? undefined) as Prisma.InputJsonValue | undefined,
    },
  });
}
