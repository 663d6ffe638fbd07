import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { createUser, walletBooks } from '@/tests/support/fixtures';
import { testDatabaseKinds } from '@/tests/support/test-database';
import { createAdmission } from './admission';

describe.each(testDatabaseKinds())('chat turns against the simulator on %s', (kind) => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await openChatHarness(kind);
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each(['привет', 'what can you do?', '你好'])(
    'a greeting (%s) is exactly one upstream call, though tools are offered',
    async (text) => {
      const { user, chatId } = await newUserChat(h);
      const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text });
      expect(Object.keys(run.turn.tools)).toContain('search_docs');
      expect(h.sim.stats.callsForTurn(run.turn.turnId)).toBe(1);
      expect(run.outcome.status).toBe('complete');
      expect(run.streamed.length).toBeGreaterThan(10);
      const stored = await h.db.prisma.message.findUniqueOrThrow({ where: { id: run.turn.assistantMessageId } });
      expect(stored.text).toBe(run.streamed);
      expect(h.logs.filter((l) => l.turnId === run.turn.turnId && l.event === 'model_call')).toHaveLength(1);
    },
  );

  it('a question that needs search_docs is exactly two calls, and its answer cites the article', async () => {
    const { user, chatId } = await newUserChat(h);
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'How do I reset my password?' });
    expect(h.sim.stats.callsForTurn(run.turn.turnId)).toBe(2);
    expect(run.events.find((e) => e.name === 'tool')?.data).toMatchObject({ name: 'search_docs' });
    expect(run.outcome.text).toMatch(/password/i);
    const entry = await h.db.prisma.ledgerEntry.findUniqueOrThrow({ where: { turnId: run.turn.turnId }, include: { calls: true } });
    expect(entry.calls.map((c) => c.purpose).sort()).toEqual(['answer', 'tool_round']);
    // the tool line survives a reload
    const stored = await h.db.prisma.message.findUniqueOrThrow({ where: { id: run.turn.assistantMessageId } });
    expect(stored.meta).toMatchObject({ tools: [{ name: 'search_docs' }] });
  });

  it('text of two rounds is separated by a paragraph break', async () => {
    const { user, chatId } = await newUserChat(h);
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: '[sim:text+tool] How do I export a document?' });
    expect(h.sim.stats.callsForTurn(run.turn.turnId)).toBe(2);
    const [first, second] = h.sim.stats.requestsForTurn(run.turn.turnId);
    expect(first && second).toBeTruthy();
    expect(run.outcome.text).toMatch(/\S\n\n\S/);
    expect(run.outcome.text).not.toMatch(/\n{3,}/);
  });

  it('tool calls split across chunks with interleaved indexes are assembled and answered', async () => {
    const { user, chatId } = await newUserChat(h);
    const run = await runChatTurn(h, {
      userId: user.id,
      chatId,
      mode: 'answer',
      text: '[sim:parallel-tools] how do I add credits and export?',
    });
    expect(run.events.filter((e) => e.name === 'tool')).toHaveLength(2);
    expect(run.outcome.status).toBe('complete');
    expect(h.sim.stats.callsForTurn(run.turn.turnId)).toBe(2);
  });

  it('an upstream error is saved as error and refunds the reservation', async () => {
    const { user, chatId } = await newUserChat(h, { credits: 1_000_000n });
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: '[sim:error] hello there' });
    expect(run.outcome.status).toBe('error');
    expect(run.events.some((e) => e.name === 'error')).toBe(true);
    expect(await walletBooks(h.db.prisma, user.id)).toMatchObject({ balance: 1_000_000n, reserved: 0n, charged: 0n, balanced: true });
    const stored = await h.db.prisma.message.findUniqueOrThrow({ where: { id: run.turn.assistantMessageId } });
    expect(stored.status).toBe('error');
    expect(stored.error).toMatch(/model service failed/);
  });

  it('a mid-stream upstream failure tells the person plainly, with a request id, and never the provider’s raw JSON', async () => {
    const { user, chatId } = await newUserChat(h, { credits: 1_000_000n });
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: '[sim:error-midstream] tell me about proxies' });
    expect(run.streamed.length).toBeGreaterThan(0); // part of the answer had arrived
    const shown = run.events.find((e) => e.name === 'error')?.data.message as string;
    const stored = await h.db.prisma.message.findUniqueOrThrow({ where: { id: run.turn.assistantMessageId } });
    const call = await h.db.prisma.modelCall.findFirstOrThrow({ where: { entry: { turnId: run.turn.turnId } } });
    for (const text of [shown, stored.error, call.error]) {
      expect(text).toMatch(/^The model service failed\b.*Request id: [0-9a-f]{12}\.$/);
      expect(text).not.toMatch(/[{}"]|server_error|simulated/);
    }
  });

  it('a normal turn is charged exactly the reported usage × price', async () => {
    const { user, chatId } = await newUserChat(h, { credits: 1_000_000n, model: 'sim-sage' });
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'hello' });
    const call = await h.db.prisma.modelCall.findFirstOrThrow({ where: { entry: { turnId: run.turn.turnId } } });
    expect(call.estimated).toBe(false);
    expect(call.inputTokens).toBeGreaterThan(0);
    expect(call.costMicros).toBe(BigInt(Math.ceil(call.inputTokens * 2 + call.outputTokens * 8)));
    expect(await walletBooks(h.db.prisma, user.id)).toMatchObject({ charged: call.costMicros, reserved: 0n, balanced: true });
  });

  it("a reasoning model's reservation covers the whole output ceiling, reasoning included", async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-reasoner' });
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'hello' });
    const model = h.deps.catalog.find('sim-reasoner')!;
    const call = await h.db.prisma.modelCall.findFirstOrThrow({ where: { entry: { turnId: run.turn.turnId } } });
    expect(call.reasoningTokens).toBeGreaterThan(0);
    expect(call.reservedMicros).toBeGreaterThanOrEqual(BigInt(model.maxOutputTokens * model.outputPrice));
    // billed once: reasoning tokens are inside the output tokens the provider reported
    expect(call.costMicros).toBe(BigInt(Math.ceil(call.inputTokens * model.inputPrice + call.outputTokens * model.outputPrice)));
  });

  // retried: on a machine loaded by parallel suites the event loop can lag; a broken abort fails every try
  it('stop: the upstream connection closes within 200 ms, the saved text is what was sent, usage is estimated', { retry: 2 }, async () => {
    const { user, chatId } = await newUserChat(h, { credits: 5_000_000n });
    const abort = new AbortController();
    let abortedAt = 0;
    const run = await runChatTurn(
      h,
      { userId: user.id, chatId, mode: 'answer', text: '[sim:delay=20] [sim:list 80] steps to tidy a garden' },
      {
        signal: abort.signal,
        onText: (_d, streamed) => {
          if (!abortedAt && streamed.length > 120) {
            abortedAt = Date.now();
            abort.abort();
          }
        },
      },
    );
    expect(run.outcome.status).toBe('stopped');
    const [request] = h.sim.stats.requestsForTurn(run.turn.turnId);
    await expect.poll(() => request!.closedAt, { timeout: 2000 }).not.toBeNull();
    expect(request!.closeReason).toBe('client_closed');
    expect(request!.closedAt! - abortedAt).toBeLessThan(200);
    const stored = await h.db.prisma.message.findUniqueOrThrow({ where: { id: run.turn.assistantMessageId } });
    expect(stored.status).toBe('stopped');
    expect(stored.text).toBe(run.streamed);
    expect(stored.estimated).toBe(true);
    const call = await h.db.prisma.modelCall.findFirstOrThrow({ where: { entry: { turnId: run.turn.turnId } } });
    expect(call.estimated).toBe(true);
    expect(call.costMicros).toBeGreaterThan(0n);
    expect(call.costMicros).toBeLessThanOrEqual(call.reservedMicros);
    expect(await walletBooks(h.db.prisma, user.id)).toMatchObject({ reserved: 0n, balanced: true });
    const chat = await h.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } });
    expect(chat.liveTurnId).toBeNull();
  });

  it('continuing an answer stopped before its first word answers the question afresh', async () => {
    const { user, chatId } = await newUserChat(h);
    const abort = new AbortController();
    abort.abort();
    const stopped = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'hello' }, { signal: abort.signal });
    expect(stopped.outcome).toMatchObject({ status: 'stopped', text: '' });
    const resumed = await runChatTurn(h, { userId: user.id, chatId, mode: 'continue', messageId: stopped.turn.assistantMessageId });
    expect(resumed.outcome.status).toBe('complete');
    expect(resumed.outcome.text.length).toBeGreaterThan(10);
    expect(resumed.outcome.continuations).toBe(0);
  });

  it('stop from elsewhere (the stop bus) aborts the live turn', async () => {
    const { user, chatId } = await newUserChat(h);
    let stopped = false;
    const run = await runChatTurn(
      h,
      { userId: user.id, chatId, mode: 'answer', text: '[sim:delay=20] [sim:list 80] things to pack' },
      {
        onText: (_d, streamed) => {
          if (!stopped && streamed.length > 60) {
            stopped = true;
            void h.deps.stopBus.requestStop(chatId);
          }
        },
      },
    );
    expect(run.outcome.status).toBe('stopped');
    expect((await h.db.prisma.message.findUniqueOrThrow({ where: { id: run.turn.assistantMessageId } })).text).toBe(run.streamed);
  });

  it('a second turn while one is live is refused with 409, and the chat is free again afterwards', async () => {
    const { user, chatId } = await newUserChat(h);
    const first = runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: '[sim:delay=10] [sim:list 20] ideas' });
    await new Promise((r) => setTimeout(r, 150));
    await expect(runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'hello' })).rejects.toMatchObject({
      code: 'turn_in_progress',
      status: 409,
    });
    await first;
    const again = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'hello' });
    expect(again.outcome.status).toBe('complete');
  });

  it("someone else's chat is a 404 that leaves it untouched: not locked, nothing saved, the owner's next turn runs", async () => {
    const { user, chatId } = await newUserChat(h);
    const stranger = await createUser(h.db.prisma);
    await expect(runChatTurn(h, { userId: stranger.id, chatId, mode: 'answer', text: 'hello' })).rejects.toMatchObject({ status: 404 });
    expect(await h.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } })).toMatchObject({ liveTurnId: null });
    expect(await h.db.prisma.message.count({ where: { chatId } })).toBe(0);
    const owner = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'hello', rateLimitPerMinute: 1 });
    expect(owner.outcome.status).toBe('complete');
  });

  it('not enough credits is a 402 before any model call, and nothing is saved', async () => {
    const { user, chatId } = await newUserChat(h, { credits: 10n });
    const error = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'hello' }).catch((e) => e);
    expect(error).toMatchObject({ status: 402 });
    expect(error.message).toMatch(/^Not enough credits: this answer may cost up to \$[\d.]+, you have \$0\.0000/);
    expect(await h.db.prisma.message.count({ where: { chatId } })).toBe(0);
    expect(await walletBooks(h.db.prisma, user.id)).toMatchObject({ balance: 10n, reserved: 0n, balanced: true });
  });

  it('the rate limit answers 429 with Retry-After', async () => {
    const { user, chatId } = await newUserChat(h);
    await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'hello', rateLimitPerMinute: 1 });
    const error = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'hello', rateLimitPerMinute: 1 }).catch((e) => e);
    expect(error).toMatchObject({ status: 429 });
    expect(Number(error.headers['Retry-After'])).toBeGreaterThan(0);
  });

  it('a closed chat reopens when the person writes again', async () => {
    const { user, chatId } = await newUserChat(h);
    await h.db.prisma.chat.update({ where: { id: chatId }, data: { status: 'closed' } });
    await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'hello again' });
    expect((await h.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } })).status).toBe('open');
  });

  it('a burst first: an answer whose text is all out waits to be settled and saved while sends are being prepared, not between its rounds', async () => {
    const { user, chatId } = await newUserChat(h, { credits: 1_000_000_000n });
    // the admission's idle() stands for "sends are being prepared": the first wait is held until the test lets it go
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const waits: Array<{ calls: string[]; streamed: string }> = [];
    let streamed = '';
    const admission = Object.assign(createAdmission(4), {
      idle: async () => {
        const calls = await h.db.prisma.modelCall.findMany({ where: { entry: { chatId } }, orderBy: { seq: 'asc' } });
        waits.push({ calls: calls.map((c) => `${c.purpose}:${c.status}`), streamed });
        if (waits.length === 1) await held;
      },
    });
    const plain = h.deps.admission;
    h.deps.admission = admission;
    try {
      const running = runChatTurn(
        h,
        { userId: user.id, chatId, mode: 'answer', text: 'How do I reset my password?' },
        { onText: (_delta, sofar) => (streamed = sofar) },
      );
      await vi.waitFor(() => expect(waits).toHaveLength(1));
      const message = await h.db.prisma.message.findFirstOrThrow({ where: { chatId, role: 'assistant' } });
      // the person has the whole answer; its books and its saved copy wait
      expect(message.status).toBe('streaming');
      expect((await walletBooks(h.db.prisma, user.id)).reserved).toBeGreaterThan(0n);
      release();
      const run = await running;
      expect(run.outcome.status).toBe('complete');
      expect(waits[0]!.streamed).toBe(run.streamed);
      // a search round came first: its settlement did not wait, the answer's did, then the saving
      expect(h.sim.stats.callsForTurn(run.turn.turnId)).toBe(2);
      expect(waits.map((w) => w.calls)).toEqual([
        ['answer:charged', 'tool_round:reserved'],
        ['answer:charged', 'tool_round:charged'],
      ]);
      const stored = await h.db.prisma.message.findUniqueOrThrow({ where: { id: run.turn.assistantMessageId } });
      expect(stored).toMatchObject({ status: 'complete', text: run.streamed });
      // the answer carries both calls' usage and cost, and so does what the browser was told
      const calls = await h.db.prisma.modelCall.findMany({ where: { entry: { chatId } } });
      const sum = (f: (c: (typeof calls)[number]) => number | bigint) => calls.reduce((a, c) => a + BigInt(f(c)), 0n);
      expect(sum((c) => c.costMicros)).toBeGreaterThan(0n);
      expect(stored.costMicros).toBe(sum((c) => c.costMicros));
      expect(BigInt(stored.outputTokens)).toBe(sum((c) => c.outputTokens));
      expect(BigInt(stored.inputTokens)).toBe(sum((c) => c.inputTokens));
      expect(run.events.find((e) => e.name === 'turn')?.data).toMatchObject({ costMicros: Number(stored.costMicros) });
      expect(await walletBooks(h.db.prisma, user.id)).toMatchObject({ reserved: 0n, charged: stored.costMicros, balanced: true });
    } finally {
      h.deps.admission = plain;
    }
  });
});
