import type { Db } from '@/lib/db/client';
import { DB_NOW } from './job-lease';

/**
 * Invariant: with the embedded database only this process can run workers, so
 * at start-up every lease is a dead process's: free them now instead of
 * waiting for them to expire. (PostgreSQL may have live workers elsewhere:
 * there, leases expire on their own.)
 */
export async function releaseAllLeases(db: Db): Promise<number> {
  return db.$executeRaw`
    UPDATE document_job SET "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ${DB_NOW}
    WHERE "leaseOwner" IS NOT NULL`;
}
