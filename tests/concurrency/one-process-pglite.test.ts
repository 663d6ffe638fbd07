import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { createUser, walletBooks } from '@/tests/support/fixtures';
import { createChat } from '@/lib/chat/chats';

describe('parallel turns of one user on PGlite, one process', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await openChatHarness('pglite', { tokenDelayMs: 20 });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('20 parallel turns on a wallet that covers 5: 5 run, 15 get 402, the books balance', async () => {
    const probe = await newUserChat(h);
    await runChatTurn(h, { userId: probe.user.id, chatId: probe.chatId, mode: 'answer', text: '[sim:list 5] ideas' });
    const reservation = (await h.db.prisma.modelCall.findFirstOrThrow({ where: { entry: { userId: probe.user.id } } })).reservedMicros;

    const user = await createUser(h.db.prisma, { credits: reservation * 5n + reservation / 2n });
    const chats = await Promise.all(Array.from({ length: 20 }, () => createChat(h.db.prisma, h.deps.catalog, user.id, {})));
    const results = await Promise.allSettled(
      chats.map((chat) => runChatTurn(h, { userId: user.id, chatId: chat.id, mode: 'answer', text: '[sim:list 5] ideas' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => r.reason.status)).toEqual(Array(15).fill(402));
    expect(await walletBooks(h.db.prisma, user.id)).toMatchObject({ reserved: 0n, balanced: true });
    expect((await walletBooks(h.db.prisma, user.id)).balance).toBeGreaterThanOrEqual(0n);
  }, 120_000);
});
