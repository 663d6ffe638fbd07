import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedgerEntry } from '@/lib/billing/ledger';
import { listLedger } from '@/lib/billing/ledger-view';
import { ModelCatalog } from '@/lib/llm/catalog';
import { createUser } from '@/tests/support/fixtures';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';
import { createChat, deleteChat, listArchivedChats, listChats, setChatArchived } from './chats';

const FIRST = { limit: 50 };

const catalog = new ModelCatalog([
  {
    id: 'm',
    label: 'm',
    contextWindow: 8000,
    maxOutputTokens: 100,
    inputPrice: 0,
    outputPrice: 0,
    reasoning: false,
    structuredOutputs: false,
    vision: false,
    simulated: true,
  },
]);

describe.each(testDatabaseKinds())('the chat list on %s', (kind) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await openTestDatabase(kind);
  });
  afterEach(async () => {
    await db.dispose();
  });

  it('"New chat" reuses the untouched chat; a chat with a message is never reused', async () => {
    const user = await createUser(db.prisma);
    const first = await createChat(db.prisma, catalog, user.id, { reuseEmpty: true });
    expect((await createChat(db.prisma, catalog, user.id, { reuseEmpty: true })).id).toBe(first.id);
    await db.prisma.message.create({ data: { chatId: first.id, role: 'user', text: 'hello', status: 'complete' } });
    const second = await createChat(db.prisma, catalog, user.id, { reuseEmpty: true });
    expect(second.id).not.toBe(first.id);
    // the API without the flag still makes a new chat every time
    expect((await createChat(db.prisma, catalog, user.id, {})).id).not.toBe(second.id);
  });

  it('deleting keeps the ledger entries, refuses while an answer is written, and is a 404 for anyone else', async () => {
    const user = await createUser(db.prisma);
    const other = await createUser(db.prisma);
    const { id } = await createChat(db.prisma, catalog, user.id, {});
    await openLedgerEntry(db.prisma, { userId: user.id, turnId: 'turn-1', chatId: id });

    await expect(deleteChat(db.prisma, id, other.id)).rejects.toMatchObject({ status: 404 });
    await db.prisma.chat.update({ where: { id }, data: { liveTurnId: 'turn-2', liveTurnStartedAt: new Date() } });
    await expect(deleteChat(db.prisma, id, user.id)).rejects.toMatchObject({ status: 409 });
    await db.prisma.chat.update({ where: { id }, data: { liveTurnId: null, liveTurnStartedAt: null } });

    await deleteChat(db.prisma, id, user.id);
    expect(await db.prisma.chat.findUnique({ where: { id } })).toBeNull();
    expect((await listLedger(db.prisma, { userId: user.id }, FIRST)).items).toEqual([
      expect.objectContaining({ turnId: 'turn-1', chatId: id, chatTitle: null }),
    ]);
  });

  it('an archived chat leaves the list and comes back', async () => {
    const user = await createUser(db.prisma);
    const { id } = await createChat(db.prisma, catalog, user.id, { title: 'Old plans' });
    await setChatArchived(db.prisma, id, user.id, true);
    expect((await listChats(db.prisma, user.id, FIRST)).items).toEqual([]);
    expect((await listArchivedChats(db.prisma, user.id, FIRST)).items.map((c) => c.title)).toEqual(['Old plans']);
    await setChatArchived(db.prisma, id, user.id, false);
    expect((await listChats(db.prisma, user.id, FIRST)).items.map((c) => c.status)).toEqual(['open']);
    const other = await createUser(db.prisma);
    await expect(setChatArchived(db.prisma, id, other.id, true)).rejects.toMatchObject({ status: 404 });
  });
});
