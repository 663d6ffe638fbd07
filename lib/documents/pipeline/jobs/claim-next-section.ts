import type { Tx } from '@/lib/db/client';
import { DB_NOW, leaseUntil, type JobLease } from './job-lease';

export interface ClaimedSection {
  id: string;
  position: number;
  writeAttempts: number;
}

/**
 * Invariant: a section is written by one writer at a time. Compare-and-set
 * `ready → writing` (or a `writing` claim whose lease expired), with the
 * claimant's fencing token recorded so only that writer can save the text.
 * Runs inside the caller's fenced transaction.
 */
export async function claimNextSection(tx: Tx, lease: JobLease): Promise<ClaimedSection | null> {
  const [claimed] = await tx.$queryRaw<ClaimedSection[]>`
    UPDATE section
    SET status = 'writing', "claimToken" = ${lease.token}, "leaseExpiresAt" = ${leaseUntil(lease.leaseMs)},
        "writeAttempts" = "writeAttempts" + 1, "updatedAt" = ${DB_NOW}
    WHERE id = (
      SELECT id FROM section
      WHERE "documentId" = ${lease.documentId}
        AND (status = 'ready' OR (status = 'writing' AND "leaseExpiresAt" < ${DB_NOW}))
      ORDER BY position
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING id, position, "writeAttempts"`;
  return claimed ?? null;
}

/** The section this writer already holds (a step that resumes after its claim committed). */
export async function heldSection(tx: Tx, lease: JobLease): Promise<ClaimedSection | null> {
  const [held] = await tx.$queryRaw<ClaimedSection[]>`
    SELECT id, position, "writeAttempts" FROM section
    WHERE "documentId" = ${lease.documentId} AND status = 'writing' AND "claimToken" = ${lease.token}
    ORDER BY position LIMIT 1`;
  return held ?? null;
}
