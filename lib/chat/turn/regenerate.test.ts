import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { walletBooks } from '@/tests/support/fixtures';
import { testDatabaseKinds } from '@/tests/support/test-database';

describe.each(testDatabaseKinds())('regenerating the last answer on %s', (kind) => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await openChatHarness(kind);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('rewrites the last answer in place with another model, one call, one more ledger entry; an earlier answer is refused', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-swift' });
    const first = await runChatTurn(h, {
      userId: user.id,
      chatId,
      mode: 'answer',
      text: 'Three ideas for a rainy Sunday',
      modelId: 'sim-swift',
    });
    const again = await runChatTurn(h, {
      userId: user.id,
      chatId,
      mode: 'regenerate',
      messageId: first.turn.assistantMessageId,
      modelId: 'sim-sage',
    });
    expect(again.turn.assistantMessageId).toBe(first.turn.assistantMessageId);
    expect(h.sim.stats.callsForTurn(again.turn.turnId)).toBe(1);
    const stored = await h.db.prisma.message.findUniqueOrThrow({ where: { id: first.turn.assistantMessageId } });
    expect(stored).toMatchObject({ model: 'sim-sage', status: 'complete', text: again.streamed });
    expect(await h.db.prisma.message.count({ where: { chatId } })).toBe(2);
    expect(await h.db.prisma.ledgerEntry.count({ where: { chatId } })).toBe(2);
    expect(await walletBooks(h.db.prisma, user.id)).toMatchObject({ reserved: 0n, balanced: true });

    const later = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'One more, please' });
    await expect(
      runChatTurn(h, { userId: user.id, chatId, mode: 'regenerate', messageId: first.turn.assistantMessageId }),
    ).rejects.toMatchObject({ status: 409 });
    expect(later.outcome.status).toBe('complete');
  });
});
