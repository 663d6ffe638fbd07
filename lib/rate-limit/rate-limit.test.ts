import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';
import { ADDRESS_LIMIT_FACTOR, takeRateLimit } from './rate-limit';

describe.each(testDatabaseKinds())('rate limits per account and per client address (%s)', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await db?.dispose();
  });
  const now = new Date('2026-11-30T12:00:10Z');
  const refusal = (run: Promise<void>) =>
    run.then(
      () => null,
      (error: { status?: number; message?: string }) => ({ status: error.status, message: error.message }),
    );

  it('one person is limited whichever address they come from', async () => {
    await takeRateLimit(db.prisma, { userId: 'person-a', clientAddress: '198.51.100.1' }, 1, now);
    expect(await refusal(takeRateLimit(db.prisma, { userId: 'person-a', clientAddress: '198.51.100.2' }, 1, now))).toMatchObject({
      status: 429,
    });
  });

  it('one address is limited across accounts, at a multiple of the per-account limit; another address is not', async () => {
    for (let i = 0; i < ADDRESS_LIMIT_FACTOR; i++) {
      expect(await refusal(takeRateLimit(db.prisma, { userId: `sock-puppet-${i}`, clientAddress: '203.0.113.9' }, 1, now))).toBeNull();
    }
    expect(await refusal(takeRateLimit(db.prisma, { userId: 'sock-puppet-x', clientAddress: '203.0.113.9' }, 1, now))).toMatchObject({
      status: 429,
      message: expect.stringMatching(/network address/),
    });
    expect(await refusal(takeRateLimit(db.prisma, { userId: 'neighbour', clientAddress: '203.0.113.10' }, 1, now))).toBeNull();
  });

  it('a new minute starts afresh', async () => {
    const later = new Date(now.getTime() + 60_000);
    expect(await refusal(takeRateLimit(db.prisma, { userId: 'person-a', clientAddress: '198.51.100.1' }, 1, later))).toBeNull();
  });
});
