import { randomUUID } from 'node:crypto';
import { recordAudit, type AuditActor } from '@/lib/audit/audit-log';
import type { Db, Tx } from '@/lib/db/client';
import { queryRows } from '@/lib/db/pool-query';
import { Prisma } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/errors';
import { formatUsd, type TokenUsage } from './pricing';
import { logEvent } from '@/lib/log';

export class InsufficientCreditsError extends AppError {
  constructor(
    readonly neededMicros: bigint,
    readonly balanceMicros: bigint,
  ) {
    super(
      'insufficient_credits',
      `Not enough credits: this answer may cost up to ${formatUsd(neededMicros)}, you have ${formatUsd(balanceMicros)}.`,
    );
  }
}

export interface EntryOwner {
  userId: string;
  turnId?: string;
  jobId?: string;
  stepKey?: string;
  chatId?: string;
  documentId?: string;
  messageId?: string;
}

export async function openLedgerEntry(tx: Tx | Db, owner: EntryOwner): Promise<string> {
  const entry = await tx.ledgerEntry.create({ data: owner, select: { id: true } });
  return entry.id;
}

export interface CallReservation {
  entryId: string;
  userId: string;
  seq: number;
  model: string;
  purpose: string;
  reservedMicros: bigint;
}

/**
 * Moves the call's worst-case cost from balance to reserved. The conditional
 * update (balance ≥ amount) is what keeps parallel turns, in any number of
 * processes, from overdrawing; the CHECK constraint is the backstop. Runs inside
 * the caller's (short) transaction, so a refusal also rolls back what came with it.
 */
export async function reserveCall(tx: Tx, r: CallReservation): Promise<void> {
  // one statement, one round trip: billing sits on every call's hot path
  const [row] = await tx.$queryRaw<Array<{ moved: number; balance: bigint | null }>>`
    WITH moved AS (${moveBalanceToReserved(r.userId, r.reservedMicros)}),
    call AS (${insertReservedCall(r, Prisma.sql`moved`)}), entry AS (
      UPDATE ledger_entry SET status = 'reserved', "reservedMicros" = "reservedMicros" + ${r.reservedMicros}, "updatedAt" = now()
      WHERE id = ${r.entryId} AND EXISTS (SELECT 1 FROM call)
      RETURNING id
    )
    SELECT (SELECT count(*) FROM call)::int AS moved,
           (SELECT "balanceMicros" FROM wallet WHERE "userId" = ${r.userId}) AS balance`;
  if (!row || row.moved === 0) throw new InsufficientCreditsError(r.reservedMicros, row?.balance ?? 0n);
}

/** A new ledger entry opened with its first call reserved, by the statement that writes its owner's rows. */
export interface EntryReservation {
  entry: EntryOwner & { id: string; at: Date };
  call: Omit<CallReservation, 'entryId' | 'userId'>;
  /**
   * The owner's writes, as named CTEs of the same statement. Each must select from (or test for)
   * the `entry` CTE, which has a row only when the balance covered the reservation.
   */
  rows: Record<string, Prisma.Sql>;
}

/**
 * Opens a ledger entry with its first call reserved and the owner's rows, in ONE statement (the
 * chat turn's: one round trip on the path to every answer's first token). Every write hangs off the
 * wallet move, so when the balance does not cover the call nothing is written and this throws
 * InsufficientCreditsError. Inside a transaction, that throw also rolls back what came before.
 *
 * It commits without waiting for the disk (`synchronous_commit` off for this transaction only): a flush
 * is a disk round trip on every answer's way to its first token (a fifth of a millisecond on the
 * benchmark machine, milliseconds on network-attached disks). Only a crash of PostgreSQL itself (not
 * of Quire) within a fraction of a second can lose such a commit, and then it loses all of it at once:
 * no money left the balance, and the turn's settlement finds nothing to charge. Settling, which
 * charges, commits durably and flushes every earlier commit with it.
 */
export async function openEntryWithReservedCall(db: Db | Tx, r: EntryReservation): Promise<void> {
  const { entry, call } = r;
  const ownerCtes = Object.entries(r.rows).map(([name, sql]) => Prisma.sql`, ${Prisma.raw(ownerCteName(name))} AS (${sql})`);
  const ownerRows = ownerCtes.length ? Prisma.join(ownerCtes, '') : Prisma.empty;
  const [row] = await queryRows<{ opened: number; balance: bigint | null }>(
    db,
    Prisma.sql`
    WITH moved AS (${moveBalanceToReserved(entry.userId, call.reservedMicros)}),
    entry AS (
      INSERT INTO ledger_entry (id, "userId", "turnId", "jobId", "stepKey", "chatId", "documentId", "messageId", status, "reservedMicros", "updatedAt")
      SELECT ${entry.id}, ${entry.userId}, ${entry.turnId ?? null}, ${entry.jobId ?? null}, ${entry.stepKey ?? null}, ${entry.chatId ?? null},
             ${entry.documentId ?? null}, ${entry.messageId ?? null}, 'reserved', ${call.reservedMicros}, ${entry.at} FROM moved
      RETURNING id
    ),
    call AS (${insertReservedCall({ ...call, entryId: entry.id }, Prisma.sql`entry`)})${ownerRows}
    SELECT (SELECT count(*) FROM entry)::int AS opened,
           (SELECT "balanceMicros" FROM wallet WHERE "userId" = ${entry.userId}) AS balance,
           set_config('synchronous_commit', 'off', true) AS "asyncCommit"`,
  );
  if (!row || row.opened === 0) throw new InsufficientCreditsError(call.reservedMicros, row?.balance ?? 0n);
}

/** An owner's CTE name goes into the SQL as is: a plain identifier, and none of the reservation's own. */
function ownerCteName(name: string): string {
  if (!/^[a-z_]+$/.test(name) || ['moved', 'entry', 'call'].includes(name)) throw new Error(`not a CTE name an owner may use: ${name}`);
  return name;
}

/**
 * The wallet half of every reservation, for use as a CTE: balance → reserved,
 * only when the balance covers it (returns no row otherwise).
 */
function moveBalanceToReserved(userId: string, amount: bigint): Prisma.Sql {
  return Prisma.sql`
    UPDATE wallet SET "balanceMicros" = "balanceMicros" - ${amount},
                      "reservedMicros" = "reservedMicros" + ${amount}, "updatedAt" = now()
    WHERE "userId" = ${userId} AND "balanceMicros" >= ${amount}
    RETURNING "userId"`;
}

/** The call row of a reservation, inserted once per row of `when` (the CTE that moved the money). */
function insertReservedCall(r: Omit<CallReservation, 'userId'>, when: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO model_call (id, "entryId", seq, model, purpose, "reservedMicros")
    SELECT gen_random_uuid()::text, ${r.entryId}, ${r.seq}, ${r.model}, ${r.purpose}, ${r.reservedMicros} FROM ${when}
    RETURNING id`;
}

export interface CallSettlement {
  entryId: string;
  seq: number;
  usage: TokenUsage;
  estimated: boolean;
  costMicros: bigint;
  finishReason?: string | null;
  /** an upstream error: nothing is charged */
  refund?: boolean;
  error?: string | null;
}

/**
 * Charges actual usage and releases the rest of the reservation. Idempotent: the
 * call row flips from `reserved` exactly once (a finally that runs twice bills once).
 * Returns the micro-USD actually charged, or null when it was already settled.
 */
export async function settleCall(db: Db | Tx, s: CallSettlement): Promise<bigint | null> {
  const status = s.refund ? 'refunded' : 'charged';
  const cost = s.refund ? 0n : s.costMicros;
  // One statement: the call flips from `reserved` once (a concurrent second
  // settle finds no reserved row and changes nothing); the wallet moves the
  // reservation to charged and balance; the entry settles when no call is open.
  // A provider may count a few more prompt tokens than our reservation: the
  // excess comes from the balance, never below zero.
  const rows = await queryRows<{ costMicros: bigint }>(
    db,
    Prisma.sql`
    WITH target AS (
      SELECT c.id, c."reservedMicros", e."userId", w."balanceMicros"
      FROM model_call c JOIN ledger_entry e ON e.id = c."entryId" JOIN wallet w ON w."userId" = e."userId"
      WHERE c."entryId" = ${s.entryId} AND c.seq = ${s.seq} AND c.status = 'reserved'
    ), settled AS (
      UPDATE model_call c SET status = ${status}, "inputTokens" = ${s.usage.inputTokens}, "outputTokens" = ${s.usage.outputTokens},
             "reasoningTokens" = ${s.usage.reasoningTokens}, estimated = ${s.estimated},
             "costMicros" = LEAST(${cost}::bigint, t."reservedMicros" + t."balanceMicros"),
             "finishReason" = ${s.finishReason ?? null}, error = ${s.error ?? null}, "settledAt" = now()
      FROM target t WHERE c.id = t.id AND c.status = 'reserved'
      RETURNING c."reservedMicros", c."costMicros", t."userId"
    ), wallet_moved AS (
      UPDATE wallet w SET "reservedMicros" = w."reservedMicros" - x."reservedMicros",
             "balanceMicros" = w."balanceMicros" + x."reservedMicros" - x."costMicros",
             "chargedMicros" = w."chargedMicros" + x."costMicros", "updatedAt" = now()
      FROM settled x WHERE w."userId" = x."userId"
      RETURNING 1
    ), entry_settled AS (
      UPDATE ledger_entry e SET "chargedMicros" = e."chargedMicros" + x."costMicros", "updatedAt" = now(),
             status = CASE
               WHEN EXISTS (SELECT 1 FROM model_call o WHERE o."entryId" = e.id AND o.status = 'reserved' AND o.seq <> ${s.seq}) THEN e.status
               WHEN ${status} = 'charged' OR EXISTS (SELECT 1 FROM model_call o WHERE o."entryId" = e.id AND o.status = 'charged') THEN 'settled'
               ELSE 'refunded' END
      FROM settled x WHERE e.id = ${s.entryId}
      RETURNING 1
    )
    SELECT "costMicros" FROM settled`,
  );
  return rows[0]?.costMicros ?? null;
}

/** A call whose output was lost (its process died): nothing is charged. Idempotent like settleCall. */
export function refundCall(db: Db, call: { entryId: string; seq: number }, reason: string): Promise<bigint | null> {
  return settleCall(db, {
    entryId: call.entryId,
    seq: call.seq,
    usage: { inputTokens: 0, outputTokens: 0, reasoningTokens: 0 },
    estimated: false,
    costMicros: 0n,
    refund: true,
    error: reason,
  });
}

/**
 * Refunds every reservation the person still holds, in the caller's
 * transaction: their account is being deleted, so an answer or document step
 * in flight will reach nobody, and its later settle finds nothing to charge.
 * The wallet's reserved credits return to its balance before it goes.
 */
export async function releaseReservations(tx: Tx, userId: string, reason: string): Promise<number> {
  const open = await tx.modelCall.findMany({
    where: { status: 'reserved', entry: { userId } },
    select: { entryId: true, seq: true },
  });
  for (const call of open)
    await settleCall(tx, {
      ...call,
      usage: { inputTokens: 0, outputTokens: 0, reasoningTokens: 0 },
      estimated: false,
      costMicros: 0n,
      refund: true,
      error: reason,
    });
  return open.length;
}

/** Reservations a dead process left behind are refunded after `olderThanMs`. */
export async function sweepStaleReservations(db: Db, olderThanMs: number, now = new Date()): Promise<number> {
  const stale = await db.modelCall.findMany({
    where: { status: 'reserved', createdAt: { lt: new Date(now.getTime() - olderThanMs) } },
    select: { entryId: true, seq: true, id: true, model: true },
  });
  let settled = 0;
  for (const call of stale) {
    const result = await refundCall(db, call, 'reservation expired: the process handling it stopped');
    if (result !== null) {
      settled++;
      logEvent({ event: 'reservation_swept', callId: call.id, entryId: call.entryId, model: call.model });
    }
  }
  return settled;
}

export interface CreditGrantInput {
  userId: string;
  amountMicros: bigint;
  reason: string;
  /** the staff member, recorded on the grant and in the audit log */
  grantedBy: AuditActor;
  /** one per submitted form: the same key again returns the first grant instead of adding another */
  idempotencyKey?: string;
}

export interface CreditGrantResult {
  grantId: string;
  userId: string;
  amountMicros: bigint;
  /** true when the key had been used already and nothing was added this time */
  replayed: boolean;
}

/**
 * Adds credits to a wallet. With an idempotency key, the grant row is inserted
 * first and the wallet moves only if that insert happened: the unique key makes
 * a double click or a retried request (even two at once) grant exactly once.
 */
export async function grantCredits(db: Db, grant: CreditGrantInput): Promise<CreditGrantResult> {
  return db.$transaction(async (tx) => {
    const [inserted] = await tx.$queryRaw<Array<{ id: string }>>`
      INSERT INTO credit_grant (id, "userId", "amountMicros", reason, "grantedById", "idempotencyKey")
      VALUES (${randomUUID()}, ${grant.userId}, ${grant.amountMicros}, ${grant.reason}, ${grant.grantedBy.userId}, ${grant.idempotencyKey ?? null})
      ON CONFLICT ("idempotencyKey") DO NOTHING
      RETURNING id`;
    if (!inserted) {
      const first = await tx.creditGrant.findUniqueOrThrow({ where: { idempotencyKey: grant.idempotencyKey } });
      if (first.userId !== grant.userId || first.amountMicros !== grant.amountMicros) {
        throw new AppError('conflict', 'This idempotency key was already used for a different top-up.');
      }
      return { grantId: first.id, userId: first.userId, amountMicros: first.amountMicros, replayed: true };
    }
    const wallet = await tx.wallet.update({
      where: { userId: grant.userId },
      data: { balanceMicros: { increment: grant.amountMicros }, creditedMicros: { increment: grant.amountMicros } },
      select: { user: { select: { email: true } } },
    });
    await recordAudit(tx, {
      actor: grant.grantedBy,
      action: 'credits_granted',
      target: { type: 'user', id: grant.userId, label: wallet.user.email },
      detail: { grantId: inserted.id, amountMicros: Number(grant.amountMicros), reason: grant.reason },
    });
    return { grantId: inserted.id, userId: grant.userId, amountMicros: grant.amountMicros, replayed: false };
  });
}

/**
 * A chat turn's web_search work, next to its model calls: searches asked of the provider and pages
 * fetched (read or not). Answers from the chat's cache add nothing: nothing went out.
 */
export async function recordWebWork(db: Db | Tx, turnId: string, work: { searches: number; pagesRead: number }): Promise<void> {
  await db.ledgerEntry.updateMany({
    where: { turnId },
    data: { webSearches: { increment: work.searches }, webPagesRead: { increment: work.pagesRead } },
  });
}
