import { refundCall } from '@/lib/billing/ledger';
import type { Db } from '@/lib/db/client';

/**
 * Invariant: a call whose worker died before settling it is refunded when the
 * job is taken over (its output was lost, so the person is not charged for it),
 * instead of waiting for the global reservation sweep. Runs right after a claim:
 * no live call of this job can exist except a lease-lost worker's, whose own
 * later settlement is then a no-op (settleCall is idempotent).
 */
export async function settleInterruptedCalls(db: Db, jobId: string): Promise<number> {
  const open = await db.modelCall.findMany({
    where: { status: 'reserved', entry: { jobId } },
    select: { entryId: true, seq: true },
  });
  let settled = 0;
  for (const call of open) {
    const result = await refundCall(db, call, 'interrupted: the worker running this call stopped');
    if (result !== null) settled++;
  }
  return settled;
}
