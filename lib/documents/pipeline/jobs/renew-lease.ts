import type { Db } from '@/lib/db/client';
import { leaseUntil, type JobLease } from './job-lease';

export type LeaseRenewal = { held: false } | { held: true; cancelRequested: boolean };

/**
 * Invariant: a live worker's lease never expires under it. The heartbeat moves
 * the expiry forward (and the expiry of the section it is writing), and reads
 * the persisted cancel flag so a cancel sent to another process reaches it.
 */
export async function renewJobLease(db: Db, lease: JobLease): Promise<LeaseRenewal> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ cancelRequested: boolean }[]>`
      UPDATE document_job SET "leaseExpiresAt" = ${leaseUntil(lease.leaseMs)}
      WHERE id = ${lease.jobId} AND "fencingToken" = ${lease.token} AND "leaseOwner" = ${lease.workerId}
      RETURNING "cancelRequested"`;
    if (rows.length === 0) return { held: false };
    await tx.$executeRaw`
      UPDATE section SET "leaseExpiresAt" = ${leaseUntil(lease.leaseMs)}
      WHERE "documentId" = ${lease.documentId} AND status = 'writing' AND "claimToken" = ${lease.token}`;
    return { held: true, cancelRequested: rows[0].cancelRequested };
  });
}
