import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseSibling } from '@/lib/chat/branches';
import { loadChatView } from '@/lib/chat/chat-view';
import { exportChat } from '@/lib/chat/export-chat';
import { MIGRATIONS_DIR } from '@/lib/db/migrate';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { walletBooks } from '@/tests/support/fixtures';
import { testDatabaseKinds } from '@/tests/support/test-database';

/** Everything the model was sent for a turn, as one text. */
const promptOf = (run: { turn: { messages: Array<{ content: unknown }> } }) => JSON.stringify(run.turn.messages);

describe.each(testDatabaseKinds())('a chat as a tree of branches on %s', (kind) => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await openChatHarness(kind);
  });
  afterAll(async () => {
    await h?.close();
  });

  const shownTexts = async (chatId: string, userId: string) =>
    (await loadChatView(h.db.prisma, chatId, userId)).messages.map((m) => (m.role === 'user' ? m.text : `answer ${m.id}`));

  it('regenerate twice, page back to the first answer: the view, the next prompt and the ledger follow', async () => {
    const { user, chatId } = await newUserChat(h);
    const say = (text: string) => runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text });
    const first = await say('Three ideas for a rainy Sunday');
    const second = await runChatTurn(h, { userId: user.id, chatId, mode: 'regenerate', messageId: first.turn.assistantMessageId });
    const third = await runChatTurn(h, { userId: user.id, chatId, mode: 'regenerate', messageId: second.turn.assistantMessageId });
    const ids = [first, second, third].map((run) => run.turn.assistantMessageId);
    // the simulator words an answer to one question the same way every time: tell the three versions apart
    const [a, b, c] = ['Version one: museums.', 'Version two: board games.', 'Version three: baking.'];
    for (const [i, text] of [a, b, c].entries()) await h.db.prisma.message.update({ where: { id: ids[i] }, data: { text } });

    let view = await loadChatView(h.db.prisma, chatId, user.id);
    expect(view.messages.map((m) => m.id)).toEqual([first.turn.userMessageId, ids[2]]);
    expect(view.messages[1]!.siblings).toEqual({ index: 3, count: 3, previousId: ids[1], nextId: null });

    await chooseSibling(h.db.prisma, chatId, user.id, ids[0]!);
    view = await loadChatView(h.db.prisma, chatId, user.id);
    expect(view.messages.map((m) => m.id)).toEqual([first.turn.userMessageId, ids[0]]);
    expect(view.messages[1]!.siblings).toEqual({ index: 1, count: 3, previousId: null, nextId: ids[1] });

    const next = await say('Which one needs the least gear?');
    const prompt = promptOf(next);
    expect(prompt).toContain(a);
    for (const hidden of [b, c]) expect(prompt).not.toContain(hidden);
    expect(next.turn.messages.filter((m) => m.role === 'assistant')).toHaveLength(1);

    // nothing deleted, every answer paid for once and kept in the books
    expect(await h.db.prisma.message.count({ where: { chatId } })).toBe(6);
    expect(await h.db.prisma.ledgerEntry.count({ where: { chatId } })).toBe(4);
    const costs = await h.db.prisma.message.findMany({ where: { id: { in: ids } }, select: { costMicros: true } });
    expect(costs.every((m) => m.costMicros > 0n)).toBe(true);
    expect(await walletBooks(h.db.prisma, user.id)).toMatchObject({ reserved: 0n, balanced: true });
  });

  it('edit & resend, then switch back to the old branch and continue from it: the prompt holds only the branch on screen, key facts included', async () => {
    const { user, chatId } = await newUserChat(h);
    const say = (text: string) => runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text });
    await say("I'm on Windows 11. Which backup tool should I use?");
    const phone = await say('My phone is an iPhone 15, does that change it?');
    await say('Does it back up photos too?');

    const edited = await runChatTurn(h, {
      userId: user.id,
      chatId,
      mode: 'edit',
      messageId: phone.turn.userMessageId,
      text: 'Something free, please',
    });
    expect(await shownTexts(chatId, user.id)).toEqual([
      "I'm on Windows 11. Which backup tool should I use?",
      expect.stringMatching(/^answer /),
      'Something free, please',
      `answer ${edited.turn.assistantMessageId}`,
    ]);
    const onEdit = promptOf(edited);
    expect(onEdit).toContain('Windows 11');
    expect(onEdit).not.toContain('iPhone');

    // the edited branch's next turn: still no phone (a fact stated only off screen)
    const onNew = promptOf(await say('And for a laptop?'));
    expect(onNew).not.toContain('iPhone');
    expect(onNew).not.toContain('back up photos');

    // back to the old question: its whole branch returns, as it was left
    await chooseSibling(h.db.prisma, chatId, user.id, phone.turn.userMessageId);
    const view = await loadChatView(h.db.prisma, chatId, user.id);
    expect(view.messages.filter((m) => m.role === 'user').map((m) => m.text)).toEqual([
      "I'm on Windows 11. Which backup tool should I use?",
      'My phone is an iPhone 15, does that change it?',
      'Does it back up photos too?',
    ]);
    expect(view.messages[2]!.siblings).toMatchObject({ index: 1, count: 2, previousId: null, nextId: edited.turn.userMessageId });
    expect(view.slots.map((s) => s.key)).toEqual(expect.arrayContaining(['os', 'phone']));

    const back = await say('Which of them is cheapest?');
    const onBack = promptOf(back);
    expect(onBack).toContain('iPhone 15');
    expect(onBack).toContain('back up photos');
    expect(onBack).not.toContain('Something free');
    expect(onBack).not.toContain('for a laptop');

    // recall and export follow the branch too
    const exported = await exportChat(h.db.prisma, chatId, user.id, 'md', (model) => model ?? '');
    const text = await new Response(exported.body).text();
    expect(text).toContain('iPhone 15');
    expect(text).not.toContain('Something free');
  });

  it('refuses to switch while an answer is written, to a message under a hidden branch, and another person’s', async () => {
    const { user, chatId } = await newUserChat(h);
    const first = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'Plan a picnic' });
    await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'Add a rain plan' });
    const edited = await runChatTurn(h, {
      userId: user.id,
      chatId,
      mode: 'edit',
      messageId: first.turn.userMessageId,
      text: 'Plan a party',
    });
    // the old first answer sits under the old first question, now off screen: its question comes first
    await expect(chooseSibling(h.db.prisma, chatId, user.id, first.turn.assistantMessageId)).rejects.toMatchObject({ status: 409 });
    const rain = await h.db.prisma.message.findFirstOrThrow({ where: { chatId, text: 'Add a rain plan' } });
    expect(rain.onBranch).toBe(false);
    await expect(chooseSibling(h.db.prisma, chatId, user.id, 'no-such-id')).rejects.toMatchObject({ status: 404 });
    const other = await newUserChat(h);
    await expect(chooseSibling(h.db.prisma, chatId, other.user.id, first.turn.userMessageId)).rejects.toMatchObject({ status: 404 });
    await h.db.prisma.chat.update({ where: { id: chatId }, data: { liveTurnId: 'a-live-turn' } });
    await expect(chooseSibling(h.db.prisma, chatId, user.id, first.turn.userMessageId)).rejects.toMatchObject({ status: 409 });
    await h.db.prisma.chat.update({ where: { id: chatId }, data: { liveTurnId: null } });
    await chooseSibling(h.db.prisma, chatId, user.id, first.turn.userMessageId);
    expect(await shownTexts(chatId, user.id)).toEqual(['Plan a picnic', expect.any(String), 'Add a rain plan', expect.any(String)]);
    expect((await loadChatView(h.db.prisma, chatId, user.id)).messages[0]!.siblings).toMatchObject({
      index: 1,
      count: 2,
      nextId: edited.turn.userMessageId,
    });
    // one shown sibling per parent, whatever a writer does: the database refuses a second
    await expect(
      h.db.prisma.message.create({ data: { chatId, role: 'assistant', text: 'x', parentId: first.turn.userMessageId, chosen: true } }),
    ).rejects.toThrow();
  });

  it('the migration gives a linear chat its parents in order and changes nothing the person sees', async () => {
    const { user, chatId } = await newUserChat(h);
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, s));
    await h.db.prisma.message.createMany({
      data: [
        { chatId, role: 'user', text: 'one', createdAt: at(1) },
        { chatId, role: 'assistant', text: 'two', createdAt: at(2) },
        { chatId, role: 'system', kind: 'event', text: 'a document notice', createdAt: at(3) },
        { chatId, role: 'user', text: 'three', createdAt: at(4) },
        { chatId, role: 'assistant', text: 'four', createdAt: at(5) },
      ],
    });
    const before = await shownTexts(chatId, user.id);
    // as before the migration: no parents (nor its one-shown-sibling index, made after the backfill); then its own statement
    await h.db.prisma.message.updateMany({ where: { chatId }, data: { parentId: null, chosen: false } });
    await h.db.prisma.$executeRawUnsafe(migrationBackfill());
    await h.db.prisma.message.updateMany({ where: { chatId }, data: { chosen: true } });
    const rows = await h.db.prisma.message.findMany({ where: { chatId }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((m) => m.parentId)).toEqual([null, ...rows.slice(0, -1).map((m) => m.id)]);
    expect(rows.every((m) => m.onBranch && m.chosen)).toBe(true);
    expect(await shownTexts(chatId, user.id)).toEqual(before);
    expect((await loadChatView(h.db.prisma, chatId, user.id)).messages.every((m) => !m.siblings)).toBe(true);

    // and it branches like any chat
    const again = await runChatTurn(h, { userId: user.id, chatId, mode: 'regenerate', messageId: rows[4]!.id });
    expect(await h.db.prisma.message.findUniqueOrThrow({ where: { id: again.turn.assistantMessageId } })).toMatchObject({
      parentId: rows[3]!.id,
    });
    await chooseSibling(h.db.prisma, chatId, user.id, rows[4]!.id);
    expect(await shownTexts(chatId, user.id)).toEqual(before);
  });
});

/** The statement of migration "message_tree" that fills today's chats' parents. */
function migrationBackfill(): string {
  const sql = readFileSync(path.join(MIGRATIONS_DIR, '20261207030000_message_tree', 'migration.sql'), 'utf8');
  const statement = /UPDATE "message" m SET "parentId"[^;]+;/.exec(sql)?.[0];
  if (!statement) throw new Error('the migration no longer fills parents by one UPDATE');
  return statement;
}
