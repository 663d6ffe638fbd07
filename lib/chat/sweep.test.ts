import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChat } from '@/lib/chat/chats';
import { ModelCatalog } from '@/lib/llm/catalog';
import { createUser } from '@/tests/support/fixtures';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';
import { settleOrphanedTurns } from './sweep';

describe('the start-up sweep', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('settles answers a dead process left streaming as stopped, keeping their text, and frees the chat', async () => {
    const user = await createUser(db.prisma);
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
    const chat = await createChat(db.prisma, catalog, user.id, {});
    const old = new Date(Date.now() - 3_600_000);
    await db.prisma.chat.update({ where: { id: chat.id }, data: { liveTurnId: 't-dead', liveTurnStartedAt: old } });
    const orphan = await db.prisma.message.create({
      data: { chatId: chat.id, role: 'assistant', text: 'half an ans', status: 'streaming', turnId: 't-dead' },
    });
    await db.prisma.$executeRaw`UPDATE message SET "updatedAt" = ${old} WHERE id = ${orphan.id}`;
    const live = await db.prisma.message.create({ data: { chatId: chat.id, role: 'assistant', text: 'still going', status: 'streaming' } });

    expect(await settleOrphanedTurns(db.prisma, 600_000)).toBe(1);
    expect(await db.prisma.message.findUniqueOrThrow({ where: { id: orphan.id } })).toMatchObject({
      status: 'stopped',
      text: 'half an ans',
    });
    expect((await db.prisma.message.findUniqueOrThrow({ where: { id: live.id } })).status).toBe('streaming');
    expect((await db.prisma.chat.findUniqueOrThrow({ where: { id: chat.id } })).liveTurnId).toBeNull();
  });
});
