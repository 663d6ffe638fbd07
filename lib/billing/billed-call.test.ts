import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChat } from '@/lib/chat/chats';
import { refreshSummary } from '@/lib/chat/summaries';
import { createDocument } from '@/lib/documents/intake/queue-document';
import { rewriteScope } from '@/lib/documents/sections/rewrite/rewrite-model-call';
import { callModelBilled, StepAbortedError } from '@/lib/documents/pipeline/steps/call-model';
import { ModelCatalog } from '@/lib/llm/catalog';
import { createModelProvider } from '@/lib/llm/provider';
import { SIMULATED_MODELS } from '@/lib/llm/simulator';
import { createStopBus } from '@/lib/chat/turn/stop-bus';
import type { TurnDeps } from '@/lib/chat/turn/types';
import { runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { createUser, walletBooks } from '@/tests/support/fixtures';
import { testPipelineDeps } from '@/tests/support/documents-harness';
import { startScriptedUpstream, taskOf, type ScriptedUpstream } from '@/tests/support/scripted-upstream';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';
import { costMicros } from './pricing';
import { countTokens } from './tokens';
import { HIDDEN_REASONING_FLOOR_TOKENS } from './usage-estimate';

const STOPPED_TEXT = ['The first part ', 'of an answer that ', 'was stopped midway'];
const ANSWER = 'A short answer about river ecology, sediment transport and the seasonal floods of the lower reach.';

/**
 * Every billed call (chat, summary, pipeline) follows one rule when it is
 * stopped before the provider reported usage: charged for what was produced,
 * estimated, marked estimated. The scripted upstream answers chat turns
 * whole and keeps every other call open until it is stopped.
 */
describe.each(testDatabaseKinds())('one billing rule for every model call (%s)', (kind) => {
  let db: TestDatabase;
  let upstream: ScriptedUpstream;
  let h: ChatHarness;
  let stopEverything = false;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    upstream = await startScriptedUpstream((request) => {
      const task = taskOf(request);
      if (task === 'chat' && !stopEverything) return { text: [ANSWER], usage: { prompt: 400, completion: 30 } };
      return { text: STOPPED_TEXT, hang: true };
    });
    // every model priced, the free demo one too: a charge of 0 could not tell charged from refunded
    const catalog = new ModelCatalog(
      SIMULATED_MODELS.map((m) => ({ ...m, inputPrice: m.inputPrice || 0.1, outputPrice: m.outputPrice || 0.4, simulated: true })),
    );
    const stopBus = createStopBus(db);
    const deps: TurnDeps = {
      db: db.prisma,
      provider: createModelProvider({ baseUrl: upstream.url }),
      catalog,
      stopBus,
      wallClockMs: 60_000,
    };
    h = { db, sim: undefined as never, deps, logs: [], close: () => stopBus.close() };
  });
  afterAll(async () => {
    await h?.close();
    await upstream?.close();
    await db?.dispose();
  });

  const stopOnText = () => {
    const stop = new AbortController();
    return { stop, onText: () => stop.abort('stopped by the person') };
  };
  const expectChargedEstimate = async (where: { entryId: string; seq: number }, model: string, streamed: string) => {
    const call = await db.prisma.modelCall.findUniqueOrThrow({ where: { entryId_seq: where } });
    const info = h.deps.catalog.find(model)!;
    expect(call).toMatchObject({
      status: 'charged',
      estimated: true,
      finishReason: 'aborted',
      outputTokens: countTokens(streamed),
      reasoningTokens: 0,
    });
    expect(call.costMicros).toBe(costMicros(info, { inputTokens: call.inputTokens, outputTokens: call.outputTokens }));
    expect(call.costMicros).toBeGreaterThan(0n);
  };

  it('a stopped chat answer is charged for what was produced, estimated', async () => {
    stopEverything = true;
    const user = await createUser(db.prisma, { credits: 5_000_000n });
    const chat = await createChat(db.prisma, h.deps.catalog, user.id, { model: 'sim-sage' });
    const { stop, onText } = stopOnText();
    const run = await runChatTurn(
      h,
      { userId: user.id, chatId: chat.id, mode: 'answer', text: 'tell me about rivers' },
      { signal: stop.signal, onText },
    );
    expect(run.outcome.status).toBe('stopped');
    await expectChargedEstimate({ entryId: run.turn.entryId, seq: 0 }, 'sim-sage', run.streamed);
    expect(await walletBooks(db.prisma, user.id)).toMatchObject({ reserved: 0n, balanced: true });
  });

  it('a stopped summary is charged for what was produced, estimated (it used to be refunded)', async () => {
    stopEverything = false;
    const user = await createUser(db.prisma, { credits: 50_000_000n });
    const chat = await createChat(db.prisma, h.deps.catalog, user.id, { model: 'sim-swift' });
    let last: Awaited<ReturnType<typeof runChatTurn>> | undefined;
    for (let i = 0; i < 22; i++) {
      last = await runChatTurn(h, {
        userId: user.id,
        chatId: chat.id,
        mode: 'answer',
        text: `Question ${i}: tell me about planning chapter ${i} of my thesis on river ecology. It covers sediment transport, seasonal flooding, invertebrate surveys and the restoration of the banks along the lower reach, with field notes from ${2000 + i}.`,
      });
    }
    expect(last!.turn.needsSummary).toBe(true);
    const stop = new AbortController();
    const stopped = refreshSummary(h.deps, last!.turn, stop.signal);
    await waitFor(async () => (await db.prisma.modelCall.count({ where: { entryId: last!.turn.entryId, purpose: 'summary' } })) === 1);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the scripted pieces arrive
    stop.abort('shutdown');
    expect(await stopped).toBe(false);
    const call = await db.prisma.modelCall.findFirstOrThrow({ where: { entryId: last!.turn.entryId, purpose: 'summary' } });
    await expectChargedEstimate({ entryId: call.entryId, seq: call.seq }, call.model, STOPPED_TEXT.join(''));
    expect((await db.prisma.chat.findUniqueOrThrow({ where: { id: chat.id } })).summary).toBeNull();
  }, 120_000);

  it('a stopped pipeline call is charged for what was produced, estimated', async () => {
    const ownerId = (await createUser(db.prisma, { credits: 5_000_000n })).id;
    const { id } = await createDocument(db.prisma, {
      ownerId,
      request: 'Write a report on the Lisbon warehouse',
      model: 'sim-sage',
      budgetMicros: 5_000_000n,
    });
    const document = await db.prisma.document.findUniqueOrThrow({ where: { id }, include: { job: { select: { id: true } } } });
    const deps = testPipelineDeps(db.prisma, upstream.url);
    const stop = new AbortController();
    const call = callModelBilled(rewriteScope(deps, document, stop.signal), {
      stepKey: 'write:test',
      purpose: 'write',
      system: 'Quire task: write-section',
      user: 'Section: Scope',
      maxOutputTokens: 600,
    });
    await waitFor(async () => (await db.prisma.modelCall.count({ where: { entry: { documentId: id } } })) === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    stop.abort('cancelled');
    await expect(call).rejects.toBeInstanceOf(StepAbortedError);
    const row = await db.prisma.modelCall.findFirstOrThrow({ where: { entry: { documentId: id } } });
    await expectChargedEstimate({ entryId: row.entryId, seq: row.seq }, 'sim-sage', STOPPED_TEXT.join(''));
  });

  it('a reasoning model that hides its reasoning is charged an estimate of it when stopped; a plain model is not', async () => {
    stopEverything = true;
    const estimates: Record<string, { outputTokens: number; reasoningTokens: number }> = {};
    for (const model of ['sim-reasoner', 'sim-sage']) {
      const user = await createUser(db.prisma, { credits: 5_000_000n });
      const chat = await createChat(db.prisma, h.deps.catalog, user.id, { model });
      const { stop, onText } = stopOnText();
      const run = await runChatTurn(
        h,
        { userId: user.id, chatId: chat.id, mode: 'answer', text: 'think hard about rivers' },
        { signal: stop.signal, onText },
      );
      const call = await db.prisma.modelCall.findUniqueOrThrow({ where: { entryId_seq: { entryId: run.turn.entryId, seq: 0 } } });
      expect(call).toMatchObject({ status: 'charged', estimated: true });
      estimates[model] = { outputTokens: call.outputTokens, reasoningTokens: call.reasoningTokens };
      expect(call.outputTokens - call.reasoningTokens).toBe(countTokens(run.streamed));
    }
    expect(estimates['sim-sage']!.reasoningTokens).toBe(0);
    expect(estimates['sim-reasoner']!.reasoningTokens).toBeGreaterThanOrEqual(HIDDEN_REASONING_FLOOR_TOKENS);
  });

  it('an upstream error with no output is refunded, in the chat and in the pipeline alike', async () => {
    const failing = await startScriptedUpstream(() => ({ status: 502 }));
    try {
      const user = await createUser(db.prisma, { credits: 5_000_000n });
      const chat = await createChat(db.prisma, h.deps.catalog, user.id, { model: 'sim-sage' });
      const chatDeps = { ...h.deps, provider: createModelProvider({ baseUrl: failing.url }) };
      const run = await runChatTurn({ ...h, deps: chatDeps }, { userId: user.id, chatId: chat.id, mode: 'answer', text: 'hello' });
      expect(run.outcome.status).toBe('error');
      const { id } = await createDocument(db.prisma, {
        ownerId: user.id,
        request: 'Write a report',
        model: 'sim-sage',
        budgetMicros: 5_000_000n,
      });
      const document = await db.prisma.document.findUniqueOrThrow({ where: { id }, include: { job: { select: { id: true } } } });
      await expect(
        callModelBilled(rewriteScope(testPipelineDeps(db.prisma, failing.url), document, new AbortController().signal), {
          stepKey: 'plan:test',
          purpose: 'plan',
          system: 'Quire task: plan-document',
          user: 'Request: x',
          maxOutputTokens: 300,
        }),
      ).rejects.toThrow(/model call for plan failed/);
      const calls = await db.prisma.modelCall.findMany({ where: { entry: { userId: user.id } } });
      expect(calls.map((c) => [c.status, c.costMicros])).toEqual([
        ['refunded', 0n],
        ['refunded', 0n],
      ]);
      expect(await walletBooks(db.prisma, user.id)).toMatchObject({ balance: 5_000_000n, reserved: 0n, charged: 0n, balanced: true });
    } finally {
      await failing.close();
    }
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
