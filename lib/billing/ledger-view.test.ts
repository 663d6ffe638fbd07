import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '@/tests/support/fixtures';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';
import { grantCredits, openLedgerEntry } from './ledger';
import { listCredits, listLedger } from './ledger-view';

const FIRST = { limit: 50 };

describe.each(testDatabaseKinds())('ledger lines as people and staff read them, on %s', (kind) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await openTestDatabase(kind);
  });
  afterEach(async () => {
    await db.dispose();
  });

  it('a document step is labelled with the document, a turn with its chat, and every line with its user', async () => {
    const user = await createUser(db.prisma, { email: 'writer@example.com' });
    const chat = await db.prisma.chat.create({ data: { userId: user.id, title: 'Trip planning', model: 'm' } });
    const document = await db.prisma.document.create({
      data: { ownerId: user.id, chatId: chat.id, request: 'a report', title: 'Porto in May', model: 'm' },
    });
    await openLedgerEntry(db.prisma, { userId: user.id, turnId: 'turn-1', chatId: chat.id });
    await openLedgerEntry(db.prisma, { userId: user.id, jobId: 'job-1', stepKey: 'rewrite:1', chatId: chat.id, documentId: document.id });

    const lines = (await listLedger(db.prisma, {}, FIRST)).items;
    const turn = lines.find((l) => l.turnId === 'turn-1')!;
    const step = lines.find((l) => l.jobId === 'job-1')!;
    expect(turn).toMatchObject({ userEmail: 'writer@example.com', chatTitle: 'Trip planning', documentTitle: null });
    expect(step).toMatchObject({ userEmail: 'writer@example.com', documentTitle: 'Porto in May' });
  });

  it('a deleted chat leaves its ledger entries, without a title', async () => {
    const user = await createUser(db.prisma);
    const chat = await db.prisma.chat.create({ data: { userId: user.id, title: 'Gone soon', model: 'm' } });
    await openLedgerEntry(db.prisma, { userId: user.id, turnId: 'turn-2', chatId: chat.id });
    await db.prisma.chat.delete({ where: { id: chat.id } });
    const [entry] = (await listLedger(db.prisma, { userId: user.id }, FIRST)).items;
    expect(entry).toMatchObject({ turnId: 'turn-2', chatId: chat.id, chatTitle: null });
  });

  it('top-ups are credit lines with their reason, whom they went to and who made them', async () => {
    const user = await createUser(db.prisma, { email: 'person@example.com' });
    const other = await createUser(db.prisma);
    const staff = await createUser(db.prisma, { role: 'staff', email: 'staff@example.com' });
    await grantCredits(db.prisma, {
      userId: user.id,
      amountMicros: 2_500_000n,
      reason: 'Sorry for the outage',
      grantedBy: { userId: staff.id, email: staff.email, address: null },
    });
    await grantCredits(db.prisma, {
      userId: other.id,
      amountMicros: 1_000_000n,
      reason: 'Other person',
      grantedBy: { userId: staff.id, email: staff.email, address: null },
    });

    expect((await listCredits(db.prisma, { userId: user.id }, FIRST)).items).toEqual([
      expect.objectContaining({
        amountMicros: 2_500_000,
        reason: 'Sorry for the outage',
        userEmail: 'person@example.com',
        grantedByEmail: 'staff@example.com',
      }),
    ]);
    expect((await listCredits(db.prisma, {}, FIRST)).items).toHaveLength(2);
  });
});
