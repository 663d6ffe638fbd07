import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser, walletBooks } from '@/tests/support/fixtures';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';
import { NO_ACTOR } from '@/lib/audit/audit-log';
import { grantCredits, InsufficientCreditsError, openLedgerEntry, reserveCall, settleCall, sweepStaleReservations } from './ledger';
import { costMicros } from './pricing';

const usage = { inputTokens: 1000, outputTokens: 200, reasoningTokens: 0 };

describe.each(testDatabaseKinds())('the ledger on %s', (kind) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await openTestDatabase(kind);
  });
  afterEach(async () => {
    await db.dispose();
  });

  async function reserved(userId: string, amount: bigint, seq = 0) {
    const entryId = await openLedgerEntry(db.prisma, { userId, turnId: `t-${Math.random()}` });
    await db.prisma.$transaction((tx) => reserveCall(tx, { entryId, userId, seq, model: 'm', purpose: 'answer', reservedMicros: amount }));
    return entryId;
  }

  it('charges the reported usage and releases the rest of the reservation', async () => {
    const user = await createUser(db.prisma, { credits: 1_000_000n });
    const entryId = await reserved(user.id, 50_000n);
    expect(await walletBooks(db.prisma, user.id)).toMatchObject({ balance: 950_000n, reserved: 50_000n, balanced: true });
    const cost = costMicros({ inputPrice: 2, outputPrice: 8 }, usage);
    expect(cost).toBe(3600n);
    expect(await settleCall(db.prisma, { entryId, seq: 0, usage, estimated: false, costMicros: cost })).toBe(3600n);
    expect(await walletBooks(db.prisma, user.id)).toMatchObject({ balance: 996_400n, reserved: 0n, charged: 3600n, balanced: true });
    const entry = await db.prisma.ledgerEntry.findUniqueOrThrow({ where: { id: entryId } });
    expect(entry.status).toBe('settled');
  });

  it('an upstream error refunds the whole reservation', async () => {
    const user = await createUser(db.prisma, { credits: 1_000_000n });
    const entryId = await reserved(user.id, 50_000n);
    await settleCall(db.prisma, { entryId, seq: 0, usage, estimated: false, costMicros: 999n, refund: true, error: 'boom' });
    expect(await walletBooks(db.prisma, user.id)).toMatchObject({ balance: 1_000_000n, reserved: 0n, charged: 0n, balanced: true });
    expect((await db.prisma.ledgerEntry.findUniqueOrThrow({ where: { id: entryId } })).status).toBe('refunded');
  });

  it('a finally that runs twice bills once', async () => {
    const user = await createUser(db.prisma, { credits: 1_000_000n });
    const entryId = await reserved(user.id, 50_000n);
    const settle = () => settleCall(db.prisma, { entryId, seq: 0, usage, estimated: true, costMicros: 700n });
    const results = await Promise.all([settle(), settle(), settle()]);
    expect(results.filter((r) => r !== null)).toEqual([700n]);
    expect(await walletBooks(db.prisma, user.id)).toMatchObject({ charged: 700n, balanced: true });
  });

  it('refuses a reservation the balance cannot cover, saying how much is needed and available', async () => {
    const user = await createUser(db.prisma, { credits: 1_000n });
    const error = await reserved(user.id, 5_000n).catch((e) => e);
    expect(error).toBeInstanceOf(InsufficientCreditsError);
    expect(error.message).toMatch(/may cost up to \$0\.0050, you have \$0\.0010/);
    expect(await walletBooks(db.prisma, user.id)).toMatchObject({ balance: 1_000n, reserved: 0n, balanced: true });
  });

  it('parallel reservations never overdraw: a wallet that covers 5 admits exactly 5 of 20', async () => {
    const user = await createUser(db.prisma, { credits: 5_000n });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => reserved(user.id, 1_000n)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(
      results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientCreditsError),
    ).toBe(true);
    expect(await walletBooks(db.prisma, user.id)).toMatchObject({ balance: 0n, reserved: 5_000n, balanced: true });
  });

  it('the sweeper refunds reservations a dead process left behind, and only old ones', async () => {
    const user = await createUser(db.prisma, { credits: 100_000n });
    const old = await reserved(user.id, 10_000n);
    await db.prisma.modelCall.updateMany({ where: { entryId: old }, data: { createdAt: new Date(Date.now() - 3_600_000) } });
    await reserved(user.id, 10_000n);
    expect(await sweepStaleReservations(db.prisma, 600_000)).toBe(1);
    expect(await walletBooks(db.prisma, user.id)).toMatchObject({ balance: 90_000n, reserved: 10_000n, balanced: true });
  });

  it('a top-up is credited and logged with who made it', async () => {
    const user = await createUser(db.prisma, { credits: 0n });
    const staff = await createUser(db.prisma, { role: 'staff' });
    await grantCredits(db.prisma, {
      userId: user.id,
      amountMicros: 2_000_000n,
      reason: 'goodwill',
      grantedBy: { userId: staff.id, email: staff.email, address: null },
    });
    expect(await walletBooks(db.prisma, user.id)).toMatchObject({ balance: 2_000_000n, credited: 2_000_000n, balanced: true });
    expect(await db.prisma.creditGrant.findFirst({ where: { userId: user.id } })).toMatchObject({
      grantedById: staff.id,
      reason: 'goodwill',
    });
  });

  it('a top-up sent twice with one idempotency key (even at the same moment) is credited once', async () => {
    const user = await createUser(db.prisma, { credits: 0n });
    const grant = {
      userId: user.id,
      amountMicros: 3_000_000n,
      reason: 'double click',
      grantedBy: NO_ACTOR,
      idempotencyKey: 'form-7f3a9c21',
    };
    const [a, b] = await Promise.all([grantCredits(db.prisma, grant), grantCredits(db.prisma, grant)]);
    const again = await grantCredits(db.prisma, grant);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(again).toMatchObject({ grantId: a.grantId, replayed: true });
    expect(b.grantId).toBe(a.grantId);
    expect(await walletBooks(db.prisma, user.id)).toMatchObject({ balance: 3_000_000n, credited: 3_000_000n, balanced: true });
    expect(await db.prisma.creditGrant.count({ where: { userId: user.id } })).toBe(1);
    // the same key for another amount is a mistake, not a replay
    await expect(grantCredits(db.prisma, { ...grant, amountMicros: 1n })).rejects.toMatchObject({ code: 'conflict' });
    // without a key, every call is its own top-up
    await grantCredits(db.prisma, { ...grant, idempotencyKey: undefined });
    await grantCredits(db.prisma, { ...grant, idempotencyKey: undefined });
    expect((await walletBooks(db.prisma, user.id)).balance).toBe(9_000_000n);
  });
});
