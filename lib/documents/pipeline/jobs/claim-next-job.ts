import type { Db } from '@/lib/db/client';
import { DB_NOW, leaseUntil, type JobLease } from './job-lease';

export type JobClaim = { kind: 'claimed'; lease: JobLease } | { kind: 'gave_up'; jobId: string } | { kind: 'none' };

interface ClaimableRow {
  id: string;
  documentId: string;
  attempts: number;
  maxAttempts: number;
  step: string;
  error: string | null;
}

/**
 * Invariant: one live worker per job. `FOR UPDATE SKIP LOCKED` lets any number
 * of workers poll at once without two taking the same row; an expired lease is
 * claimable, so a dead worker's job is taken over. Every claim bumps the fencing
 * token, which turns the previous holder's later writes into no-ops.
 */
export async function claimNextJob(db: Db, workerId: string, leaseMs: number): Promise<JobClaim> {
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<ClaimableRow[]>`
      SELECT id, "documentId", attempts, "maxAttempts", step, error FROM document_job
      WHERE status IN ('queued', 'planning', 'researching', 'writing', 'finalizing')
        AND "runAfter" <= ${DB_NOW}
        AND ("leaseExpiresAt" IS NULL OR "leaseExpiresAt" < ${DB_NOW})
      ORDER BY "runAfter", "createdAt"
      LIMIT 1
      FOR UPDATE SKIP LOCKED`;
    if (!row) return { kind: 'none' };
    // A job that keeps killing its workers without progress stops being retried.
    if (row.attempts >= row.maxAttempts) {
      await tx.$executeRaw`
        UPDATE document_job SET status = 'failed', "leaseOwner" = NULL, "leaseExpiresAt" = NULL,
          error = ${`Stopped after ${row.attempts} attempts at the ${row.step} step without progress${row.error ? `: ${row.error}` : '.'}`},
          "updatedAt" = ${DB_NOW}
        WHERE id = ${row.id}`;
      return { kind: 'gave_up', jobId: row.id };
    }
    const [claimed] = await tx.$queryRaw<{ fencingToken: number }[]>`
      UPDATE document_job
      SET "leaseOwner" = ${workerId}, "leaseExpiresAt" = ${leaseUntil(leaseMs)},
          "fencingToken" = "fencingToken" + 1, attempts = attempts + 1, "updatedAt" = ${DB_NOW}
      WHERE id = ${row.id}
      RETURNING "fencingToken"`;
    // A section is only ever `writing` under the job's current token: the previous holder's claims go back.
    await tx.$executeRaw`
      UPDATE section SET status = 'ready', "claimToken" = NULL, "leaseExpiresAt" = NULL
      WHERE "documentId" = ${row.documentId} AND status = 'writing'`;
    return {
      kind: 'claimed',
      lease: { jobId: row.id, documentId: row.documentId, workerId, token: claimed.fencingToken, leaseMs },
    };
  });
}
