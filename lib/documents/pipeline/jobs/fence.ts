import type { Tx } from '@/lib/db/client';
import { DB_NOW, LeaseLostError, type JobLease } from './job-lease';

/**
 * Invariant: a worker that lost its lease commits nothing. Runs first in every
 * transaction a step commits; the row lock it takes also orders the commit
 * against a concurrent takeover (which bumps the token). Committed progress
 * resets the attempt counter (only attempts without progress count toward the
 * cap) and clears a "Retrying: …" notice.
 */
export async function commitFence(tx: Tx, lease: JobLease): Promise<void> {
  const touched = await tx.$executeRaw`
    UPDATE document_job SET attempts = 0, error = NULL, "updatedAt" = ${DB_NOW}
    WHERE id = ${lease.jobId} AND "fencingToken" = ${lease.token}`;
  if (touched === 0) throw new LeaseLostError(lease.jobId);
}

/** Invariant: no model call is reserved for a worker that no longer holds the job (no progress implied). */
export async function checkFence(tx: Tx, lease: JobLease): Promise<void> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM document_job WHERE id = ${lease.jobId} AND "fencingToken" = ${lease.token} FOR UPDATE`;
  if (rows.length === 0) throw new LeaseLostError(lease.jobId);
}
