import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { walletBooks } from '@/tests/support/fixtures';
import { testDatabaseKinds } from '@/tests/support/test-database';

describe.each(testDatabaseKinds())('editing a sent message and sending it again on %s', (kind) => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await openChatHarness(kind);
  });
  afterAll(async () => {
    await h?.close();
  });

  const texts = async (chatId: string) =>
    (await h.db.prisma.message.findMany({ where: { chatId }, orderBy: { createdAt: 'asc' } })).map(
      (m) => `${m.role}: ${m.role === 'user' ? m.text : m.status}`,
    );

  it('replaces the message and every later turn with the new question and its answer; the ledger keeps what the dropped answers cost', async () => {
    const { user, chatId } = await newUserChat(h);
    const first = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'Plan a picnic by the river' });
    await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'Add a rainy-day plan' });
    await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'And a packing list' });

    const second = (await h.db.prisma.message.findMany({ where: { chatId, role: 'user' }, orderBy: { createdAt: 'asc' } }))[1]!;
    const edited = await runChatTurn(h, {
      userId: user.id,
      chatId,
      mode: 'edit',
      messageId: second.id,
      text: 'Add a plan for a windy day',
    });
    expect(edited.outcome.status).toBe('complete');
    expect(await texts(chatId)).toEqual([
      'user: Plan a picnic by the river',
      'assistant: complete',
      'user: Add a plan for a windy day',
      'assistant: complete',
    ]);
    // the first turn is untouched, the new answer is a new message
    expect(await h.db.prisma.message.count({ where: { id: first.turn.assistantMessageId } })).toBe(1);
    const answer = await h.db.prisma.message.findUniqueOrThrow({ where: { id: edited.turn.assistantMessageId } });
    expect(answer.text).toBe(edited.streamed);
    // four turns were paid for: the ledger keeps all four entries, the books balance
    expect(await h.db.prisma.ledgerEntry.count({ where: { chatId } })).toBe(4);
    expect(await walletBooks(h.db.prisma, user.id)).toMatchObject({ reserved: 0n, balanced: true });
  });

  it("refuses an answer's id, another chat's message and a refusal leaves the chat as it was", async () => {
    const { user, chatId } = await newUserChat(h);
    const first = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'Plan a picnic by the river' });
    await expect(
      runChatTurn(h, { userId: user.id, chatId, mode: 'edit', messageId: first.turn.assistantMessageId, text: 'x' }),
    ).rejects.toMatchObject({ status: 404 });
    const other = await newUserChat(h);
    await expect(
      runChatTurn(h, { userId: other.user.id, chatId: other.chatId, mode: 'edit', messageId: first.turn.userMessageId, text: 'x' }),
    ).rejects.toMatchObject({ status: 404 });

    // not enough credits for the new answer: nothing is dropped
    const { balanceMicros } = await h.db.prisma.wallet.findUniqueOrThrow({ where: { userId: user.id } });
    await h.db.prisma.wallet.update({
      where: { userId: user.id },
      data: { balanceMicros: 0n, creditedMicros: { decrement: balanceMicros } },
    });
    await expect(
      runChatTurn(h, { userId: user.id, chatId, mode: 'edit', messageId: first.turn.userMessageId, text: 'Plan a picnic in the park' }),
    ).rejects.toMatchObject({ status: 402 });
    expect(await texts(chatId)).toEqual(['user: Plan a picnic by the river', 'assistant: complete']);
  });

  it('takes back the facts the edited-away messages stated; a fact stated before them stays pinned', async () => {
    const { user, chatId } = await newUserChat(h);
    await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: "I'm on Windows 11. Which backup tool should I use?" });
    const second = await runChatTurn(h, {
      userId: user.id,
      chatId,
      mode: 'answer',
      text: 'My phone is an iPhone 15, does that change it?',
    });
    const pinned = async () =>
      Object.fromEntries((await h.db.prisma.slot.findMany({ where: { chatId, value: { not: '' } } })).map((s) => [s.key, s.value]));
    expect(Object.keys(await pinned())).toEqual(expect.arrayContaining(['os', 'phone', 'phone_os']));

    await runChatTurn(h, { userId: user.id, chatId, mode: 'edit', messageId: second.turn.userMessageId, text: 'Something free, please' });
    const after = await pinned();
    expect(after.os).toMatch(/Windows 11/);
    expect(after.phone).toBeUndefined();
    expect(after.phone_os).toBeUndefined();
    // nothing in the slots' history points at a message that is gone
    const orphans = await h.db.prisma.slotChange.count({ where: { slot: { chatId }, messageId: second.turn.userMessageId } });
    expect(orphans).toBe(0);
  });
});
