import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChatView } from '@/lib/chat/chat-view';
import { prepareTurn } from '@/lib/chat/turn/prepare-turn';
import { runRound } from '@/lib/chat/turn/run-round';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { testDatabaseKinds } from '@/tests/support/test-database';
import { clearBetterAnswer, markBetterAnswer } from './answer-preference';
import { arenaSummary } from './arena';

describe.each(testDatabaseKinds())('comparing side-by-side answers on %s', (kind) => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await openChatHarness(kind);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** One question answered by `models` side by side; the answers' message ids in the order asked. */
  const round = async (userId: string, chatId: string, models: string[], text = 'Name three rivers') => {
    const turn = await prepareTurn(h.deps, {
      userId,
      chatId,
      mode: 'answer',
      text,
      modelId: models[0]!,
      compare: models.slice(1),
      rateLimitPerMinute: 1000,
    });
    const outcomes = await runRound(h.deps, turn, () => ({ text: () => undefined, event: () => undefined }));
    expect(outcomes.map((o) => o.status)).toEqual(models.map(() => 'complete'));
    return [turn, ...turn.sides!].map((answer) => answer.assistantMessageId);
  };

  it("each answer keeps its time to the first word, and a Continue keeps the first answer's", async () => {
    const { user, chatId } = await newUserChat(h);
    const started = performance.now();
    const ids = await round(user.id, chatId, ['sim-swift', 'sim-sage'], '[sim:delay=20] Name three rivers');
    const elapsed = performance.now() - started;
    const view = await loadChatView(h.db.prisma, chatId, user.id);
    const answers = view.messages[1]!.round!;
    expect(answers.map((a) => a.id)).toEqual(ids);
    for (const answer of answers) {
      expect(Number.isInteger(answer.firstTokenMs)).toBe(true);
      // the first word came after at least one token's delay, and before the whole round was over
      expect(answer.firstTokenMs!).toBeGreaterThanOrEqual(15);
      expect(answer.firstTokenMs!).toBeLessThanOrEqual(elapsed);
    }

    // a stopped answer continued later: the time to its first word is the first turn's, not the Continue's
    const [stopped] = await h.db.prisma.message.findMany({ where: { id: ids[1]! } });
    await h.db.prisma.message.update({ where: { id: ids[1]! }, data: { status: 'stopped', text: stopped!.text.slice(0, 10) } });
    const continued = await runChatTurn(h, { userId: user.id, chatId, mode: 'continue', messageId: ids[1]! });
    expect(continued.outcome.firstTokenMs).toBeUndefined();
    const saved = await h.db.prisma.message.findUniqueOrThrow({ where: { id: ids[1]! } });
    expect(saved.firstTokenMs).toBe(stopped!.firstTokenMs);
  });

  it('the person marks the better answer of a round, moves the mark, and takes it off; the view says which', async () => {
    const { user, chatId } = await newUserChat(h);
    const [first, second] = await round(user.id, chatId, ['sim-swift', 'sim-sage']);
    const marks = async () => (await loadChatView(h.db.prisma, chatId, user.id)).messages[1]!.round!.map((a) => a.better);

    expect(await marks()).toEqual([false, false]);
    await markBetterAnswer(h.db.prisma, chatId, user.id, second!);
    expect(await marks()).toEqual([false, true]);
    await markBetterAnswer(h.db.prisma, chatId, user.id, first!);
    expect(await marks()).toEqual([true, false]);
    // taking the mark off the answer that does not hold it changes nothing
    await clearBetterAnswer(h.db.prisma, chatId, user.id, second!);
    expect(await marks()).toEqual([true, false]);
    await clearBetterAnswer(h.db.prisma, chatId, user.id, first!);
    expect(await marks()).toEqual([false, false]);
    // the conversation still continues from the answer on screen: marking is not picking
    const shown = await h.db.prisma.message.findMany({ where: { chatId, role: 'assistant', onBranch: true } });
    expect(shown.map((m) => m.id)).toEqual([first]);
  });

  it("refuses a single answer, another person's answer, a question, and a mark pointing into another round", async () => {
    const { user, chatId } = await newUserChat(h);
    const single = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'Hello', modelId: 'sim-swift' });
    await expect(markBetterAnswer(h.db.prisma, chatId, user.id, single.turn.assistantMessageId)).rejects.toMatchObject({ status: 409 });
    await expect(markBetterAnswer(h.db.prisma, chatId, user.id, single.turn.userMessageId)).rejects.toMatchObject({ status: 404 });

    const [first] = await round(user.id, chatId, ['sim-swift', 'sim-sage']);
    const stranger = await newUserChat(h);
    await expect(markBetterAnswer(h.db.prisma, chatId, stranger.user.id, first!)).rejects.toMatchObject({ status: 404 });
    await expect(markBetterAnswer(h.db.prisma, stranger.chatId, stranger.user.id, first!)).rejects.toMatchObject({ status: 404 });

    // the database itself keeps a mark on an answer of its own round
    const [otherFirst] = await round(user.id, chatId, ['sim-swift', 'sim-sage'], 'Name three lakes');
    const roundOf = async (id: string) =>
      ((await h.db.prisma.message.findUniqueOrThrow({ where: { id } })).meta as { round: string }).round;
    await expect(
      h.db.prisma.answerPreference.create({ data: { round: await roundOf(first!), chatId, messageId: otherFirst! } }),
    ).rejects.toThrow(/not an answer of round/);
    expect(await h.db.prisma.answerPreference.count({ where: { chatId } })).toBe(0);
  });

  it("staff's arena counts each model's wins, rounds, cost and speed, and who beat whom, within a period", async () => {
    const since = new Date();
    const a = await newUserChat(h);
    const b = await newUserChat(h);
    const r1 = await round(a.user.id, a.chatId, ['sim-swift', 'sim-sage']);
    const r2 = await round(a.user.id, a.chatId, ['sim-swift', 'sim-sage'], 'Name three lakes');
    const r3 = await round(b.user.id, b.chatId, ['sim-sage', 'sim-swift', 'sim-reasoner']);
    // a round nobody marked is not counted
    await round(b.user.id, b.chatId, ['sim-swift', 'sim-sage'], 'Name three seas');
    await markBetterAnswer(h.db.prisma, a.chatId, a.user.id, r1[1]!); // sage beat swift
    await markBetterAnswer(h.db.prisma, a.chatId, a.user.id, r2[1]!); // sage beat swift
    await markBetterAnswer(h.db.prisma, b.chatId, b.user.id, r3[1]!); // swift beat sage and reasoner

    const summary = await arenaSummary(h.db.prisma, { from: since });
    expect(summary.rounds).toBe(3);
    expect(summary.models.map((m) => [m.model, m.wins, m.rounds])).toEqual([
      ['sim-sage', 2, 3],
      ['sim-swift', 1, 3],
      ['sim-reasoner', 0, 1],
    ]);
    for (const m of summary.models) {
      expect(m.averageCostMicros).toBeGreaterThan(0);
      expect(m.averageOutputTokens).toBeGreaterThan(0);
      expect(m.medianFirstTokenMs).toBeGreaterThanOrEqual(0);
    }
    expect(summary.pairings).toEqual([
      { winner: 'sim-sage', loser: 'sim-swift', count: 2 },
      { winner: 'sim-swift', loser: 'sim-reasoner', count: 1 },
      { winner: 'sim-swift', loser: 'sim-sage', count: 1 },
    ]);

    // a mark moved counts once, where it is now; a period after the marks holds none
    await markBetterAnswer(h.db.prisma, b.chatId, b.user.id, r3[0]!);
    const moved = await arenaSummary(h.db.prisma, { from: since });
    expect(moved.models.find((m) => m.model === 'sim-sage')).toMatchObject({ wins: 3, rounds: 3 });
    expect(moved.models.find((m) => m.model === 'sim-swift')).toMatchObject({ wins: 0, rounds: 3 });
    expect(await arenaSummary(h.db.prisma, { from: new Date(Date.now() + 60_000) })).toEqual({ rounds: 0, models: [], pairings: [] });
  });
});
