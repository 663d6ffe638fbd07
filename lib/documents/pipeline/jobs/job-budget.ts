import type { Db, Tx } from '@/lib/db/client';
import { formatUsd } from '@/lib/billing/pricing';
import { DB_NOW } from './job-lease';

/** The document's own budget would be exceeded: the job pauses until the person raises it. */
export class BudgetExhaustedError extends Error {
  constructor(
    readonly neededMicros: bigint,
    readonly leftMicros: bigint,
  ) {
    super(
      `The document's budget is used up: the next step may cost up to ${formatUsd(neededMicros)}, ${formatUsd(leftMicros < 0n ? 0n : leftMicros)} is left. Raise the budget and resume.`,
    );
    this.name = 'BudgetExhaustedError';
  }
}

/**
 * Invariant: a job never commits more than its budget. Charged calls plus open
 * reservations plus the new reservation must fit. Runs in the reservation's
 * transaction and first locks the job row, so the check and the reservation
 * are one serialized step per job: a pipeline step (whose fence holds the same
 * lock) and any number of parallel rewrites of the document see each other's
 * reservations, and the budget read is the current one (a raise counts at once).
 */
export async function assertWithinBudget(tx: Tx, jobId: string, reservationMicros: bigint): Promise<void> {
  const [job] = await tx.$queryRaw<{ budgetMicros: bigint }[]>`
    SELECT "budgetMicros" FROM document_job WHERE id = ${jobId} FOR UPDATE`;
  if (!job) throw new BudgetExhaustedError(reservationMicros, 0n);
  const budgetMicros = BigInt(job.budgetMicros);
  const [row] = await tx.$queryRaw<{ committed: bigint | null }[]>`
    SELECT COALESCE(SUM(CASE WHEN c.status = 'reserved' THEN c."reservedMicros" ELSE c."costMicros" END), 0)::bigint AS committed
    FROM model_call c JOIN ledger_entry e ON e.id = c."entryId"
    WHERE e."jobId" = ${jobId}`;
  const committed = BigInt(row?.committed ?? 0n);
  if (committed + reservationMicros > budgetMicros) throw new BudgetExhaustedError(reservationMicros, budgetMicros - committed);
}

/** Invariant: `spentMicros` is what the ledger says the job's calls cost (recomputed, so re-running is harmless). */
export async function refreshJobSpent(db: Db | Tx, jobId: string): Promise<void> {
  await db.$executeRaw`
    UPDATE document_job SET "spentMicros" = (
      SELECT COALESCE(SUM(e."chargedMicros"), 0) FROM ledger_entry e WHERE e."jobId" = ${jobId}
    ), "updatedAt" = ${DB_NOW}
    WHERE id = ${jobId}`;
}
