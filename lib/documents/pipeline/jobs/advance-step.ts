import type { Tx } from '@/lib/db/client';
import { DB_NOW, LeaseLostError, type JobLease } from './job-lease';
import { statusForStep, type StepName } from './job-steps';

/**
 * Invariant: the step only moves forward, from the step the worker read.
 * Compare-and-set on (step, fencing token); runs inside the step's commit.
 */
export async function advanceStep(tx: Tx, lease: JobLease, from: StepName, to: StepName): Promise<void> {
  const moved = await tx.$executeRaw`
    UPDATE document_job SET step = ${to}, status = ${statusForStep(to)}, error = NULL, "updatedAt" = ${DB_NOW}
    WHERE id = ${lease.jobId} AND step = ${from} AND "fencingToken" = ${lease.token}`;
  if (moved === 0) throw new LeaseLostError(lease.jobId);
}

/** Parks the job until a person acts (answers the questions); the lease is released by the runner. */
export async function awaitAnswers(tx: Tx, lease: JobLease): Promise<void> {
  const parked = await tx.$executeRaw`
    UPDATE document_job SET status = 'awaiting_answers', "updatedAt" = ${DB_NOW}
    WHERE id = ${lease.jobId} AND step = 'questions' AND "fencingToken" = ${lease.token}`;
  if (parked === 0) throw new LeaseLostError(lease.jobId);
}
