/**
 * Billing overhead per upstream call (issue 4): the reserve and settle
 * transactions a call adds, on PostgreSQL, measured sequentially.
 */
import { openLedgerEntry, reserveCall, settleCall } from '@/lib/billing/ledger';
import { createUser } from '@/tests/support/fixtures';
import { openTestDatabase } from '@/tests/support/test-database';
import { median, percentile, round } from './support';

export async function runBillingBenchmark(calls = 200) {
  const db = await openTestDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  try {
    const user = await createUser(db.prisma, { credits: 10_000_000_000n });
    const overheads: number[] = [];
    for (let i = 0; i < calls; i++) {
      const entryId = await openLedgerEntry(db.prisma, { userId: user.id, turnId: `bench-${i}` });
      const start = performance.now();
      await db.prisma.$transaction((tx) =>
        reserveCall(tx, { entryId, userId: user.id, seq: 0, model: 'm', purpose: 'answer', reservedMicros: 5_000n }),
      );
      await settleCall(db.prisma, {
        entryId,
        seq: 0,
        usage: { inputTokens: 300, outputTokens: 200, reasoningTokens: 0 },
        estimated: false,
        costMicros: 200n,
      });
      overheads.push(performance.now() - start);
    }
    return {
      database: db.kind,
      calls,
      medianMs: round(median(overheads), 2),
      p95Ms: round(percentile(overheads, 95), 2),
      targetMedianMs: 5,
      met: median(overheads) <= 5,
    };
  } finally {
    await db.dispose();
  }
}
