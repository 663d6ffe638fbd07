import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseSibling } from '@/lib/chat/branches';
import { loadChatView } from '@/lib/chat/chat-view';
import { ModelCatalog } from '@/lib/llm/catalog';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { walletBooks } from '@/tests/support/fixtures';
import { testDatabaseKinds } from '@/tests/support/test-database';
import { prepareTurn, type TurnRequest } from './prepare-turn';
import { runRound } from './run-round';
import type { TurnDeps } from './types';

type RoundRequest = Omit<TurnRequest, 'rateLimitPerMinute' | 'mode'>;

describe.each(testDatabaseKinds())('one message answered by several models side by side on %s', (kind) => {
  let h: ChatHarness;
  let deps: TurnDeps;
  beforeAll(async () => {
    h = await openChatHarness(kind);
    // a model the upstream does not know: its calls fail with a 404, as a provider that fails would
    const gone = { ...h.deps.catalog.find('sim-swift')!, id: 'sim-gone', label: 'Gone' };
    deps = { ...h.deps, catalog: new ModelCatalog([...h.deps.catalog.models, gone]) };
  });
  afterAll(async () => {
    await h?.close();
  });

  const round = async (req: RoundRequest) => {
    const turn = await prepareTurn(deps, { ...req, mode: 'answer', rateLimitPerMinute: 1000 });
    const texts = new Map<string, string>();
    const outcomes = await runRound(deps, turn, (answer) => ({
      text: (delta) => texts.set(answer.assistantMessageId, (texts.get(answer.assistantMessageId) ?? '') + delta),
      event: () => undefined,
    }));
    return { turn, answers: [turn, ...turn.sides!], outcomes, texts };
  };

  it('two models: one question, two answers, two reservations and two charges, the books exact', async () => {
    const { user, chatId } = await newUserChat(h);
    const before = await walletBooks(h.db.prisma, user.id);
    const { turn, answers, outcomes } = await round({
      userId: user.id,
      chatId,
      text: 'Name three rivers',
      modelId: 'sim-swift',
      compare: ['sim-sage'],
    });
    expect(outcomes.map((o) => o.status)).toEqual(['complete', 'complete']);
    expect(answers.map((a) => a.model.id)).toEqual(['sim-swift', 'sim-sage']);

    const questions = await h.db.prisma.message.findMany({ where: { chatId, role: 'user' } });
    expect(questions).toHaveLength(1);
    const rows = await h.db.prisma.message.findMany({ where: { chatId, role: 'assistant' }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((m) => [m.id, m.parentId, m.chosen, m.onBranch, m.status])).toEqual([
      [answers[0]!.assistantMessageId, turn.userMessageId, true, true, 'complete'],
      [answers[1]!.assistantMessageId, turn.userMessageId, false, false, 'complete'],
    ]);

    // one ledger entry per answer, each its own turn with one charged call
    const entries = await h.db.prisma.ledgerEntry.findMany({ where: { chatId }, include: { calls: true } });
    expect(entries.map((e) => e.turnId).sort()).toEqual(answers.map((a) => a.turnId).sort());
    expect(entries.every((e) => e.status === 'settled' && e.calls.length === 1 && e.calls[0]!.status === 'charged')).toBe(true);
    const charged = entries.reduce((sum, e) => sum + e.chargedMicros, 0n);
    expect(charged).toBe(rows.reduce((sum, m) => sum + m.costMicros, 0n));
    expect(rows.every((m) => m.costMicros > 0n)).toBe(true);
    const after = await walletBooks(h.db.prisma, user.id);
    expect(after).toMatchObject({ reserved: 0n, balanced: true, charged: before.charged + charged, balance: before.balance - charged });

    // the chat is free again, and the view shows the first answer with the round's other answer beside it
    expect((await h.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } })).liveTurnId).toBeNull();
    const view = await loadChatView(h.db.prisma, chatId, user.id);
    expect(view.messages.map((m) => m.id)).toEqual([turn.userMessageId, answers[0]!.assistantMessageId]);
    expect(view.messages[1]!.round?.map((m) => m.id)).toEqual(answers.map((a) => a.assistantMessageId));
    expect(view.messages[1]!.round?.[1]).toMatchObject({ model: 'sim-sage', status: 'complete', meta: { context: expect.anything() } });
    // staff read every answer of the round, each with the model calls behind it
    const transcript = await loadChatView(h.db.prisma, chatId, 'staff', { asStaff: true });
    expect(transcript.messages[1]!.round?.map((m) => [m.model, m.calls?.length])).toEqual([
      ['sim-swift', 1],
      ['sim-sage', 1],
    ]);
    // a shared snapshot shows one conversation
    const snapshot = await loadChatView(h.db.prisma, chatId, user.id, { until: new Date() });
    expect(snapshot.messages[1]!.round).toBeUndefined();
  });

  it('the pick: the next turn is built on the picked answer only', async () => {
    const { user, chatId } = await newUserChat(h);
    const { answers } = await round({
      userId: user.id,
      chatId,
      text: 'Suggest a name for a cat',
      modelId: 'sim-swift',
      compare: ['sim-sage'],
    });
    const [a, b] = ['Answer A: Whiskers.', 'Answer B: Pudding.'];
    await h.db.prisma.message.update({ where: { id: answers[0]!.assistantMessageId }, data: { text: a } });
    await h.db.prisma.message.update({ where: { id: answers[1]!.assistantMessageId }, data: { text: b } });
    await chooseSibling(h.db.prisma, chatId, user.id, answers[1]!.assistantMessageId);
    const next = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'And a second name?' });
    const prompt = JSON.stringify(next.turn.messages);
    expect(prompt).toContain(b);
    expect(prompt).not.toContain(a);
  });

  it('one provider fails: its answer is refunded and shows the error, the other completes and is charged', async () => {
    const { user, chatId } = await newUserChat(h);
    const { answers, outcomes } = await round({
      userId: user.id,
      chatId,
      text: 'Name three lakes',
      modelId: 'sim-swift',
      compare: ['sim-gone'],
    });
    expect(outcomes.map((o) => o.status)).toEqual(['complete', 'error']);
    const failed = await h.db.prisma.message.findUniqueOrThrow({ where: { id: answers[1]!.assistantMessageId } });
    expect(failed).toMatchObject({ status: 'error', costMicros: 0n });
    expect(failed.error).toBeTruthy();
    const [ok, refunded] = await Promise.all(
      answers.map((a) => h.db.prisma.ledgerEntry.findUniqueOrThrow({ where: { turnId: a.turnId }, include: { calls: true } })),
    );
    expect(ok!.calls.map((c) => c.status)).toEqual(['charged']);
    expect(ok!.chargedMicros).toBeGreaterThan(0n);
    expect(refunded!.calls.map((c) => c.status)).toEqual(['refunded']);
    expect(refunded!.chargedMicros).toBe(0n);
    const books = await walletBooks(h.db.prisma, user.id);
    expect(books).toMatchObject({ reserved: 0n, balanced: true, charged: ok!.chargedMicros });
    expect((await h.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } })).liveTurnId).toBeNull();
  });

  it('a wallet with room for one answer refuses the pair with 402 before any call, and writes nothing', async () => {
    // sim-swift reserves about 2,000 micro-USD, sim-sage about 33,000: 10,000 pays for the first only
    const { user, chatId } = await newUserChat(h, { credits: 10_000n });
    const before = await walletBooks(h.db.prisma, user.id);
    const callsBefore = h.sim.stats.requests.length;
    await expect(
      prepareTurn(deps, {
        userId: user.id,
        chatId,
        mode: 'answer',
        text: 'Hello there',
        modelId: 'sim-swift',
        compare: ['sim-sage'],
        rateLimitPerMinute: 1000,
      }),
    ).rejects.toMatchObject({ status: 402, message: expect.stringMatching(/2 answers.*covers 1/), body: { answers: 2, affordable: 1 } });
    expect(h.sim.stats.requests.length).toBe(callsBefore);
    expect(await h.db.prisma.message.count({ where: { chatId } })).toBe(0);
    expect(await h.db.prisma.ledgerEntry.count({ where: { chatId } })).toBe(0);
    expect(await walletBooks(h.db.prisma, user.id)).toEqual(before);
    expect((await h.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } })).liveTurnId).toBeNull();
    // the one answer it can pay for still goes
    const single = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'Hello there', modelId: 'sim-swift' });
    expect(single.outcome.status).toBe('complete');
  });

  it('Stop naming one answer stops only it; that answer continues on its own later, off the branch on screen', async () => {
    const { user, chatId } = await newUserChat(h);
    const turn = await prepareTurn(deps, {
      userId: user.id,
      chatId,
      mode: 'answer',
      text: '[sim:delay=5] [sim:list 12]',
      modelId: 'sim-swift',
      compare: ['sim-sage'],
      rateLimitPerMinute: 1000,
    });
    const side = turn.sides![0]!;
    let stopped = false;
    const outcomes = await runRound(deps, turn, (answer) => ({
      text: () => {
        if (answer === side && !stopped) {
          stopped = true;
          void deps.stopBus.requestStop(chatId, side.assistantMessageId);
        }
      },
      event: () => undefined,
    }));
    expect(outcomes.map((o) => o.status)).toEqual(['complete', 'stopped']);
    expect(await walletBooks(h.db.prisma, user.id)).toMatchObject({ reserved: 0n, balanced: true });

    const continued = await runChatTurn(h, { userId: user.id, chatId, mode: 'continue', messageId: side.assistantMessageId });
    expect(continued.outcome.status).toBe('complete');
    const saved = await h.db.prisma.message.findUniqueOrThrow({ where: { id: side.assistantMessageId } });
    expect(saved).toMatchObject({ status: 'complete', onBranch: false, chosen: false });
    expect(saved.text).toContain('12.');
    const view = await loadChatView(h.db.prisma, chatId, user.id);
    expect(view.messages.map((m) => m.id)).toEqual([turn.userMessageId, turn.assistantMessageId]);
  });

  it('refuses an unknown model, the same model twice, and more than four', async () => {
    const { user, chatId } = await newUserChat(h);
    const ask = (compare: string[]) =>
      prepareTurn(deps, { userId: user.id, chatId, mode: 'answer', text: 'Hi', modelId: 'sim-swift', compare, rateLimitPerMinute: 1000 });
    await expect(ask(['nope'])).rejects.toMatchObject({ status: 400 });
    await expect(ask(['sim-swift'])).rejects.toMatchObject({ status: 400 });
    await expect(ask(['sim-sage', 'sim-reasoner', 'sim-gone', 'sim-sage'])).rejects.toMatchObject({ status: 400 });
    expect(await h.db.prisma.message.count({ where: { chatId } })).toBe(0);
  });
});
