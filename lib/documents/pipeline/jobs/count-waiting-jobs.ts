import type { Db } from '@/lib/db/client';
import { DB_NOW } from './job-lease';

/** The queue depth: jobs a worker could claim now (the same condition as claimNextJob). */
export async function countWaitingJobs(db: Db): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ waiting: number }>>`
    SELECT count(*)::int AS waiting FROM document_job
    WHERE status IN ('queued', 'planning', 'researching', 'writing', 'finalizing')
      AND "runAfter" <= ${DB_NOW}
      AND ("leaseExpiresAt" IS NULL OR "leaseExpiresAt" < ${DB_NOW})`;
  return row?.waiting ?? 0;
}
