import type { Db, Tx } from '@/lib/db/client';
import { DB_NOW, type JobLease } from './job-lease';

/** Invariant: a parked job (waiting for answers, done, …) holds no lease, so it costs no heartbeat. */
export async function releaseJobLease(db: Db, lease: JobLease): Promise<void> {
  await db.$executeRaw`
    UPDATE document_job SET "leaseOwner" = NULL, "leaseExpiresAt" = NULL
    WHERE id = ${lease.jobId} AND "fencingToken" = ${lease.token}`;
}

/** Exponential backoff from `baseMs`, capped at a minute. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(60_000, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Invariant: a failing step is retried a bounded number of times, then the job
 * is `failed` with the reason the person sees. The attempt was counted at claim.
 */
export async function retryJobLater(
  db: Db,
  lease: JobLease,
  reason: string,
  baseDelayMs: number,
  /** `permanent`: the same call would be refused again, so the job fails now; `notBeforeMs`: the provider's Retry-After */
  hint: { permanent?: boolean; notBeforeMs?: number | null } = {},
): Promise<'retrying' | 'failed'> {
  return db.$transaction(async (tx) => {
    const job = await tx.documentJob.findUnique({
      where: { id: lease.jobId },
      select: { attempts: true, maxAttempts: true, fencingToken: true, step: true },
    });
    if (!job || job.fencingToken !== lease.token) return 'retrying';
    if (hint.permanent) {
      await tx.$executeRaw`
        UPDATE document_job SET status = 'failed', "leaseOwner" = NULL, "leaseExpiresAt" = NULL,
          error = ${`The ${job.step} step cannot succeed as configured: ${reason}`}, "updatedAt" = ${DB_NOW}
        WHERE id = ${lease.jobId} AND "fencingToken" = ${lease.token}`;
      await resetWritingSections(tx, lease);
      return 'failed';
    }
    if (job.attempts >= job.maxAttempts) {
      await tx.$executeRaw`
        UPDATE document_job SET status = 'failed', "leaseOwner" = NULL, "leaseExpiresAt" = NULL,
          error = ${`The ${job.step} step failed ${job.attempts} times: ${reason}`}, "updatedAt" = ${DB_NOW}
        WHERE id = ${lease.jobId} AND "fencingToken" = ${lease.token}`;
      await resetWritingSections(tx, lease);
      return 'failed';
    }
    const delay = Math.max(retryDelayMs(job.attempts, baseDelayMs), Math.min(hint.notBeforeMs ?? 0, 10 * 60_000));
    await tx.$executeRaw`
      UPDATE document_job SET "leaseOwner" = NULL, "leaseExpiresAt" = NULL, error = ${`Retrying: ${reason}`},
        "runAfter" = ${DB_NOW} + ${delay} * interval '1 millisecond', "updatedAt" = ${DB_NOW}
      WHERE id = ${lease.jobId} AND "fencingToken" = ${lease.token}`;
    await resetWritingSections(tx, lease);
    return 'retrying';
  });
}

/** Invariant: budget or credits ran out → `paused` with the reason; nothing done so far is lost or redone. */
export async function pauseJob(db: Db, lease: JobLease, reason: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`
      UPDATE document_job SET status = 'paused', error = ${reason}, "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ${DB_NOW}
      WHERE id = ${lease.jobId} AND "fencingToken" = ${lease.token}`;
    await resetWritingSections(tx, lease);
  });
}

/** Invariant: a cancelled job is final and holds nothing (no lease, no section claim). */
export async function markJobCancelled(db: Db, lease: JobLease): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`
      UPDATE document_job SET status = 'cancelled', error = NULL, "leaseOwner" = NULL, "leaseExpiresAt" = NULL,
        "finishedAt" = ${DB_NOW}, "updatedAt" = ${DB_NOW}
      WHERE id = ${lease.jobId} AND "fencingToken" = ${lease.token}`;
    await resetWritingSections(tx, lease);
  });
}

async function resetWritingSections(tx: Tx, lease: JobLease): Promise<void> {
  await tx.$executeRaw`
    UPDATE section SET status = 'ready', "claimToken" = NULL, "leaseExpiresAt" = NULL
    WHERE "documentId" = ${lease.documentId} AND status = 'writing' AND "claimToken" = ${lease.token}`;
}
