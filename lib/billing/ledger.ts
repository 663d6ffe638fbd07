import type { Db, Tx } from '@/lib/db/client';
import { AppError } from '@/lib/http/errors';
import { formatUsd, type TokenUsage } from './pricing';

export class InsufficientCreditsError extends AppError {
  constructor(readonly neededMicros: bigint, readonly balanceMicros: bigint) {
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
  const moved = await tx.wallet.updateMany({
    where: { userId: r.userId, balanceMicros: { gte: r.reservedMicros } },
    data: { balanceMicros: { decrement: r.reservedMicros }, reservedMicros: { increment: r.reservedMicros } },
  });
  if (moved.count === 0) {
    const wallet = await tx.wallet.findUnique({ where: { userId: r.userId }, select: { balanceMicros: true } });
    throw new InsufficientCreditsError(r.reservedMicros, wallet?.balanceMicros ?? 0n);
  }
  await tx.modelCall.create({
    data: { entryId: r.entryId, seq: r.seq, model: r.model, purpose: r.purpose, reservedMicros: r.reservedMicros },
  });
  await tx.ledgerEntry.update({
    where: { id: r.entryId },
    data: { status: 'reserved', reservedMicros: { increment: r.reservedMicros } },
  });
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
export async function settleCall(db: Db, s: CallSettlement): Promise<bigint | null> {
  return db.$transaction(async (tx) => {
    const call = await tx.modelCall.findUnique({
      where: { entryId_seq: { entryId: s.entryId, seq: s.seq } },
      include: { entry: { select: { userId: true } } },
    });
    if (!call || call.status !== 'reserved') return null;
    const wallet = await tx.wallet.findUniqueOrThrow({ where: { userId: call.entry.userId } });
    let charge = s.refund ? 0n : s.costMicros;
    // A provider can count a few more prompt tokens than our estimate: the excess
    // comes from the balance, but never below zero.
    const excess = charge - call.reservedMicros;
    if (excess > wallet.balanceMicros) charge = call.reservedMicros + wallet.balanceMicros;
    const flipped = await tx.modelCall.updateMany({
      where: { id: call.id, status: 'reserved' },
      data: {
        status: s.refund ? 'refunded' : 'charged',
        inputTokens: s.usage.inputTokens,
        outputTokens: s.usage.outputTokens,
        reasoningTokens: s.usage.reasoningTokens,
        estimated: s.estimated,
        costMicros: charge,
        finishReason: s.finishReason ?? null,
        error: s.error ?? null,
        settledAt: new Date(),
      },
    });
    if (flipped.count === 0) return null;
    await tx.wallet.update({
      where: { userId: call.entry.userId },
      data: {
        reservedMicros: { decrement: call.reservedMicros },
        balanceMicros: { increment: call.reservedMicros - charge },
        chargedMicros: { increment: charge },
      },
    });
    await settleEntryIfDone(tx, s.entryId, charge);
    return charge;
  });
}

async function settleEntryIfDone(tx: Tx, entryId: string, charged: bigint): Promise<void> {
  const open = await tx.modelCall.count({ where: { entryId, status: 'reserved' } });
  const anyCharged = open === 0 && (await tx.modelCall.count({ where: { entryId, status: 'charged' } })) > 0;
  await tx.ledgerEntry.update({
    where: { id: entryId },
    data: {
      chargedMicros: { increment: charged },
      ...(open === 0 ? { status: anyCharged ? 'settled' : 'refunded' } : {}),
    },
  });
}

/** Reservations a dead process left behind are refunded after `olderThanMs`. */
export async function sweepStaleReservations(db: Db, olderThanMs: number, now = new Date()): Promise<number> {
  const stale = await db.modelCall.findMany({
    where: { status: 'reserved', createdAt: { lt: new Date(now.getTime() - olderThanMs) } },
    select: { entryId: true, seq: true, id: true, model: true },
  });
  let settled = 0;
  for (const call of stale) {
    const result = await settleCall(db, {
      entryId: call.entryId,
      seq: call.seq,
      usage: { inputTokens: 0, outputTokens: 0, reasoningTokens: 0 },
      estimated: false,
      costMicros: 0n,
      refund: true,
      error: 'reservation expired: the process handling it stopped',
    });
    if (result !== null) {
      settled++;
      console.log(JSON.stringify({ event: 'reservation_swept', callId: call.id, entryId: call.entryId, model: call.model }));
    }
  }
  return settled;
}

export async function grantCredits(
  db: Db,
  grant: { userId: string; amountMicros: bigint; reason: string; grantedById: string | null },
): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.wallet.update({
      where: { userId: grant.userId },
      data: { balanceMicros: { increment: grant.amountMicros }, creditedMicros: { increment: grant.amountMicros } },
    });
    await tx.creditGrant.create({ data: grant });
  });
}
