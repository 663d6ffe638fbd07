import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installLogLines, installLogMessage, LOG_LINE_60 } from '@/bench/fixtures/install-log';
import { loadChatView } from '@/lib/chat/chat-view';
import type { MessageMeta } from '@/lib/chat/message-meta';
import { refreshSummary } from '@/lib/chat/summaries';
import { loadKeyFactStates } from '@/lib/chat/key-facts-store';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { testDatabaseKinds } from '@/tests/support/test-database';

const systemOf = (messages: Array<{ role: string; content: unknown }>) => String(messages.find((m) => m.role === 'system')?.content ?? '');

describe.each(testDatabaseKinds())('context across turns (%s)', (kind) => {
  let h: ChatHarness;
  beforeAll(async () => {
    // a small window so old turns really fall out of the prompt
    h = await openChatHarness(kind, { models: { 'sim-mini': { contextWindow: 3_000, maxOutputTokens: 200 } } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the Windows scenario: a fact from turn 2 is still in the prompt of turn 18', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-mini' });
    const say = (text: string) => runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text });
    await say('hello');
    await say('I am on Windows 11 and my colleague uses Linux.');
    for (let turn = 3; turn <= 17; turn++) {
      await say(`The export still fails with error E${400 + turn} when the document has images, attempt ${turn}. What else can I check?`);
    }
    const turn18 = await say('How do I install the desktop app?');
    const system = systemOf(turn18.turn.messages);
    expect(system).toContain('Windows 11');
    expect(system).not.toContain('Linux');
    // a "last 6 messages" window would not have carried it
    const rows = await h.db.prisma.message.findMany({ where: { chatId }, orderBy: { createdAt: 'asc' } });
    const lastSix = rows
      .slice(-7, -1)
      .map((m) => m.text)
      .join('\n');
    expect(lastSix).not.toContain('Windows');
    const os = (await loadKeyFactStates(h.db.prisma, chatId)).find((s) => s.key === 'os');
    expect(os).toMatchObject({ key: 'os', value: 'Windows 11' });
    expect(os!.history[0]!.messageId).toBe(rows[2]!.id);
  }, 120_000);

  it('the log scenario: line 60 of a log pasted at turn 2 is in the prompt at turn 12, and turns 8–11 carry at most 10 of its lines', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-swift' });
    const say = async (text: string) => {
      const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text });
      await refreshSummary(h.deps, run.turn); // as the route does after every answer
      return run;
    };
    const logLines = installLogLines();
    const carried = (run: { turn: { messages: Array<{ content: unknown }> } }) => {
      const prompt = run.turn.messages.map((m) => String(m.content)).join('\n');
      return logLines.filter((line) => prompt.includes(line)).length;
    };
    await say('hello');
    await say(installLogMessage());
    const runs = [];
    for (let turn = 3; turn <= 11; turn++) {
      runs[turn] = await say(
        `Another problem: the sync panel shows error E${700 + turn} after I rename a section (try ${turn}). What should I check?`,
      );
    }
    for (let turn = 8; turn <= 11; turn++) expect(carried(runs[turn]!)).toBeLessThanOrEqual(10);
    const turn12 = await say('What was on line 60 of that log?');
    expect(turn12.turn.messages.map((m) => String(m.content)).join('\n')).toContain(LOG_LINE_60);

    // the answer keeps what the model saw: the log recalled, and why
    const logMessage = await h.db.prisma.message.findFirstOrThrow({ where: { chatId, text: { startsWith: 'The installer failed' } } });
    const answer = await h.db.prisma.message.findUniqueOrThrow({ where: { id: turn12.turn.assistantMessageId } });
    const context = (answer.meta as MessageMeta).context!;
    expect(context.recalled.map((r) => r.id)).toEqual([logMessage.id]);
    expect(context.recalled[0]!.matched).toContain('log');
    expect(context.parts.find((p) => p.part === 'recalled')!.tokens).toBeGreaterThan(0);
    expect(context.inputTokens).toBe(context.parts.reduce((sum, p) => sum + p.tokens, 0));
    // GET /api/chats/:id hands the same context to the person and to staff
    for (const asStaff of [false, true]) {
      const view = await loadChatView(h.db.prisma, chatId, user.id, { asStaff });
      expect(view.messages.find((m) => m.id === answer.id)?.meta?.context?.recalled[0]?.id).toBe(logMessage.id);
    }
  }, 180_000);

  it('recalls a Chinese message by its words, segmented as search_docs does', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-swift' });
    const say = (text: string) => runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text });
    await say('我们的备用服务器放在成都机房，管理员是王立。');
    for (const text of ['怎么导出PDF？', '怎么给文档改名？', '怎么修改密码？']) await say(text);
    const run = await say('之前说的备用服务器在哪个机房？');
    expect(systemOf(run.turn.messages)).toContain('成都机房');
    const answer = await h.db.prisma.message.findUniqueOrThrow({ where: { id: run.turn.assistantMessageId } });
    expect((answer.meta as MessageMeta).context!.recalled[0]!.matched).toEqual(expect.arrayContaining(['备用', '服务']));
  });

  it('a log just pasted, too long for the window, is found when the next message asks about it', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-swift' });
    await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: installLogMessage() });
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'What does line 60 of that log mean?' });
    expect(systemOf(run.turn.messages)).toContain(LOG_LINE_60);
  });

  it('an ordinary turn recalls nothing and makes no search', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-swift' });
    await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'How do I export to PDF?' });
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'And to Word?' });
    const answer = await h.db.prisma.message.findUniqueOrThrow({ where: { id: run.turn.assistantMessageId } });
    expect((answer.meta as MessageMeta).context).toMatchObject({ recalled: [], window: [{ role: 'user' }, { role: 'assistant' }] });
  });

  it('one fact per key whichever path wrote it: the rules, remember_fact, then a switch', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-swift' });
    const say = (text: string) => runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text });
    await say("I'm on Windows 11");
    const remembered = await say('Remember that I am on Windows 11');
    expect(remembered.outcome.tools.map((t) => t.name)).toContain('remember_fact');
    await say('I switched to a Mac last week');
    const keyFacts = await loadKeyFactStates(h.db.prisma, chatId);
    expect(keyFacts.map((s) => s.key).sort()).toEqual(['device', 'os']);
    const os = keyFacts.find((s) => s.key === 'os')!;
    expect(os.value).toBe('macOS');
    expect(os.history.map((e) => e.value)).toEqual(['Windows 11', 'macOS']);
  });

  it('a phone "too" does not replace the computer: the prompt still says Windows 11, unchanged', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-swift' });
    const say = (text: string) => runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text });
    await say("I'm on Windows 11");
    await say('I have an Android phone too');
    const next = await say('How do I install the desktop app?');
    const system = systemOf(next.turn.messages);
    expect(system).toContain('OS: Windows 11');
    expect(system).not.toContain('changed from');
    expect(system).toContain('Android');
  });

  it('a change of mind becomes the current value, keeps history, and the model is told it changed', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-mini' });
    await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'у меня Windows 10' });
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'я перешёл на Mac, что теперь?' });
    expect(systemOf(run.turn.messages)).toContain('OS: macOS (changed from Windows 10)');
    const os = (await loadKeyFactStates(h.db.prisma, chatId)).find((s) => s.key === 'os');
    expect(os?.value).toBe('macOS');
    expect(os?.history.map((e) => e.value)).toEqual(['Windows 10', 'macOS']);
  });

  it('older turns are summarised by a cheap call billed as `summary`, after the answer', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-mini' });
    let last: Awaited<ReturnType<typeof runChatTurn>> | undefined;
    for (let i = 0; i < 22; i++) {
      last = await runChatTurn(h, {
        userId: user.id,
        chatId,
        mode: 'answer',
        text: `Question ${i}: tell me about planning chapter ${i} of my thesis on river ecology. It covers sediment transport, seasonal flooding, invertebrate surveys and the restoration of the banks along the lower reach, with field notes from ${2000 + i}.`,
      });
    }
    expect(last!.turn.needsSummary).toBe(true);
    expect(await refreshSummary(h.deps, last!.turn)).toBe(true);
    const chat = await h.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } });
    expect(chat.summary?.length).toBeGreaterThan(10);
    const call = await h.db.prisma.modelCall.findFirst({ where: { entry: { turnId: last!.turn.turnId }, purpose: 'summary' } });
    expect(call?.status).toBe('charged');
    // the next prompt carries the summary
    const next = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'And the conclusion?' });
    expect(systemOf(next.turn.messages)).toContain(chat.summary!.slice(0, 20));

    // the person can turn summaries off for this chat: no further summary call
    const { updateChatSettings } = await import('@/lib/chat/chats');
    await updateChatSettings(h.db.prisma, chatId, user.id, { summariesEnabled: false });
    const calls = await h.db.prisma.modelCall.count({ where: { purpose: 'summary', entry: { chatId } } });
    expect(await refreshSummary(h.deps, next.turn)).toBe(false);
    expect(await h.db.prisma.modelCall.count({ where: { purpose: 'summary', entry: { chatId } } })).toBe(calls);
  }, 120_000);
});

describe('a new topic from an idle chat', () => {
  it('carries the key facts over, marked as carried, and the old chat keeps its own', async () => {
    const h = await openChatHarness('pglite');
    try {
      const { createChat, isIdle } = await import('@/lib/chat/chats');
      const { user, chatId } = await newUserChat(h);
      await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'I am on Windows 11 with the Pro plan' });
      expect(isIdle(new Date(Date.now() - 5 * 3_600_000), 240)).toBe(true);
      const next = await createChat(h.db.prisma, h.deps.catalog, user.id, { carrySlotsFrom: chatId });
      const carried = await loadKeyFactStates(h.db.prisma, next.id);
      expect(carried.find((s) => s.key === 'os')?.value).toBe('Windows 11');
      const change = await h.db.prisma.slotChange.findFirst({ where: { slot: { chatId: next.id } } });
      expect(change?.source).toBe('carried');
      expect((await loadKeyFactStates(h.db.prisma, chatId)).length).toBeGreaterThan(0);
    } finally {
      await h.close();
    }
  });
});
