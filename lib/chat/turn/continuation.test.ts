import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { walletBooks } from '@/tests/support/fixtures';
import { testDatabaseKinds } from '@/tests/support/test-database';

/** Items `1.` … `N.` of a numbered list, in order of appearance. */
function listNumbers(text: string): number[] {
  return [...text.matchAll(/^(\d+)\. /gm)].map((m) => Number(m[1]));
}

describe.each(testDatabaseKinds())('truncated answers are continued and merged (%s)', (kind) => {
  let h: ChatHarness;
  const rounds: Array<{ turnId: string; purpose: string; rawText: string; textBefore: string }> = [];
  beforeAll(async () => {
    // small ceilings so lists are cut several times
    h = await openChatHarness(kind, {
      models: { 'sim-swift': { maxOutputTokens: 500 }, 'sim-reasoner': { maxOutputTokens: 500 }, 'sim-mini': { maxOutputTokens: 60 } },
    });
    h.deps.onRound = (round) => rounds.push(round);
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each(['repeat-tail', 'restart-line', 'no-newline', 'none'])(
    'a 100-item list arrives complete in one message, with the %s artifact merged away',
    async (artifact) => {
      const { user, chatId } = await newUserChat(h, { model: 'sim-swift' });
      const run = await runChatTurn(h, {
        userId: user.id,
        chatId,
        mode: 'answer',
        text: `[sim:artifact=${artifact}] [sim:list 100] tips for writing reports`,
      });
      expect(run.outcome.status).toBe('complete');
      expect(run.outcome.continuations).toBeGreaterThanOrEqual(1);
      expect(run.outcome.continuations).toBeLessThanOrEqual(4);
      expect(listNumbers(run.outcome.text)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      // every item on a line of its own, never glued to the previous one or repeated inside it
      for (const line of run.outcome.text.split('\n').filter((l) => l.includes('Item '))) {
        expect(line).toMatch(/^(\d+)\. Item \1:/);
        expect(line.match(/Item /g)).toHaveLength(1);
      }
      const messages = await h.db.prisma.message.findMany({ where: { chatId, role: 'assistant' } });
      expect(messages).toHaveLength(1);
      expect(messages[0]!.text).toBe(run.streamed); // what the person saw is exactly what is stored
      expect(messages[0]!.continuations).toBe(run.outcome.continuations);
      expect(h.sim.stats.callsForTurn(run.turn.turnId)).toBe(1 + run.outcome.continuations);
      const calls = await h.db.prisma.modelCall.findMany({ where: { entry: { turnId: run.turn.turnId } } });
      expect(calls.filter((c) => c.purpose === 'continuation')).toHaveLength(run.outcome.continuations);
      // the artifact really happened: a naive append of the raw continuation would be wrong
      const continuations = rounds.filter((r) => r.turnId === run.turn.turnId && r.purpose === 'continuation');
      const naiveWouldBreak = continuations.some((r) => !run.outcome.text.startsWith(r.textBefore + r.rawText));
      // (no-newline only shows when a cut falls exactly at a line end; the merge tests cover it directly)
      if (artifact === 'repeat-tail' || artifact === 'restart-line') expect(naiveWouldBreak).toBe(true);
      if (artifact === 'none') expect(naiveWouldBreak).toBe(false);
    },
  );

  it('an answer that never ends stops after exactly 5 upstream calls, as truncated', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-mini' });
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: '[sim:endless] describe the sea' });
    expect(h.sim.stats.callsForTurn(run.turn.turnId)).toBe(5);
    expect(run.outcome.status).toBe('truncated');
    const stored = await h.db.prisma.message.findUniqueOrThrow({ where: { id: run.turn.assistantMessageId } });
    expect(stored).toMatchObject({ status: 'truncated', continuations: 4, text: run.streamed });
  });

  it('Continue extends the same truncated message, and works on stopped answers too', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-mini' });
    const first = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: '[sim:endless] describe the sea' });
    const before = first.outcome.text;
    const more = await runChatTurn(h, { userId: user.id, chatId, mode: 'continue', messageId: first.turn.assistantMessageId });
    expect(more.turn.assistantMessageId).toBe(first.turn.assistantMessageId);
    const stored = await h.db.prisma.message.findUniqueOrThrow({ where: { id: first.turn.assistantMessageId } });
    expect(stored.text.startsWith(before)).toBe(true);
    expect(stored.text).toBe(before + more.streamed);
    expect(stored.text.length).toBeGreaterThan(before.length);
    expect(stored.continuations).toBe(4 + 5);
    expect(await h.db.prisma.message.count({ where: { chatId, role: 'assistant' } })).toBe(1);

    const other = await newUserChat(h, { model: 'sim-swift' });
    const abort = new AbortController();
    const stopped = await runChatTurn(
      h,
      { userId: other.user.id, chatId: other.chatId, mode: 'answer', text: '[sim:delay=15] [sim:list 40] names for boats' },
      { signal: abort.signal, onText: (_d, streamed) => streamed.length > 80 && abort.abort() },
    );
    expect(stopped.outcome.status).toBe('stopped');
    const resumed = await runChatTurn(h, {
      userId: other.user.id,
      chatId: other.chatId,
      mode: 'continue',
      messageId: stopped.turn.assistantMessageId,
    });
    expect(resumed.outcome.text.startsWith(stopped.outcome.text)).toBe(true);
    expect(listNumbers(resumed.outcome.text)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('a reasoning model is continued too, and its reasoning is not pasted into the answer', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-reasoner' });
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: '[sim:list 60] ways to save energy' });
    expect(run.outcome.status).toBe('complete');
    expect(listNumbers(run.outcome.text)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    const calls = await h.db.prisma.modelCall.findMany({ where: { entry: { turnId: run.turn.turnId } } });
    expect(calls.every((c) => c.reasoningTokens > 0)).toBe(true);
    expect(run.outcome.text).not.toMatch(/reasoning|let me think/i);
  });

  it('running out of credits mid-answer ends as truncated with the reason', async () => {
    // enough for the first call of a free-ish model but not for a continuation of a pricey one
    const { user, chatId } = await newUserChat(h, { model: 'sim-swift', credits: 600n });
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: '[sim:list 100] facts about rivers' });
    expect(run.outcome.status).toBe('truncated');
    expect(run.outcome.reason).toMatch(/Not enough credits/);
    expect(run.events.find((e) => e.name === 'notice')?.data).toMatchObject({ code: 'out_of_credits' });
    expect(await walletBooks(h.db.prisma, user.id)).toMatchObject({ reserved: 0n, balanced: true });
  });
});
