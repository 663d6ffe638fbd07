import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { loadChatView } from '@/lib/chat/chat-view';
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

  it('adds a sibling answer with another model, shown instead of the first, which stays; one call, one more ledger entry; an earlier answer is refused', async () => {
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
    expect(again.turn.assistantMessageId).not.toBe(first.turn.assistantMessageId);
    expect(again.turn.userMessageId).toBe(first.turn.userMessageId);
    expect(h.sim.stats.callsForTurn(again.turn.turnId)).toBe(1);
    const stored = await h.db.prisma.message.findUniqueOrThrow({ where: { id: again.turn.assistantMessageId } });
    expect(stored).toMatchObject({
      model: 'sim-sage',
      status: 'complete',
      text: again.streamed,
      parentId: first.turn.userMessageId,
      onBranch: true,
    });
    // the first answer is kept, off screen, with its text and cost
    const kept = await h.db.prisma.message.findUniqueOrThrow({ where: { id: first.turn.assistantMessageId } });
    expect(kept).toMatchObject({
      model: 'sim-swift',
      text: first.streamed,
      parentId: first.turn.userMessageId,
      onBranch: false,
      chosen: false,
    });
    expect(kept.costMicros).toBeGreaterThan(0n);
    const view = await loadChatView(h.db.prisma, chatId, user.id);
    expect(view.messages.map((m) => m.id)).toEqual([first.turn.userMessageId, again.turn.assistantMessageId]);
    expect(view.messages[1]!.siblings).toEqual({ index: 2, count: 2, previousId: first.turn.assistantMessageId, nextId: null });
    expect(await h.db.prisma.ledgerEntry.count({ where: { chatId } })).toBe(2);
    expect(await walletBooks(h.db.prisma, user.id)).toMatchObject({ reserved: 0n, balanced: true });

    const later = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'One more, please' });
    await expect(
      runChatTurn(h, { userId: user.id, chatId, mode: 'regenerate', messageId: again.turn.assistantMessageId }),
    ).rejects.toMatchObject({ status: 409 });
    expect(later.outcome.status).toBe('complete');
  });
});
