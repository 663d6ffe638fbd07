import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { chooseSibling } from '@/lib/chat/branches';
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
    (await h.db.prisma.message.findMany({ where: { chatId, onBranch: true }, orderBy: { createdAt: 'asc' } })).map(
      (m) => `${m.role}: ${m.role === 'user' ? m.text : m.status}`,
    );

  it('shows the new question and its answer instead of the message and every later turn, which stay as a branch; the ledger keeps every answer', async () => {
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
    // the first turn is untouched, the new answer is a new message; nothing was deleted
    expect(await h.db.prisma.message.count({ where: { id: first.turn.assistantMessageId } })).toBe(1);
    expect(await h.db.prisma.message.count({ where: { chatId } })).toBe(8);
    const edit = await h.db.prisma.message.findUniqueOrThrow({ where: { id: edited.turn.userMessageId } });
    expect(edit.parentId).toBe(second.parentId);
    expect(await h.db.prisma.message.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({ onBranch: false, chosen: false });
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
    // the facts of the branch off screen are kept with it, and come back with it
    const kept = await h.db.prisma.slotChange.count({ where: { slot: { chatId }, messageId: second.turn.userMessageId } });
    expect(kept).toBeGreaterThan(0);
    await chooseSibling(h.db.prisma, chatId, user.id, second.turn.userMessageId);
    expect((await pinned()).phone).toMatch(/iPhone 15/);
  });
});
