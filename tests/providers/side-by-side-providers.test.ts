import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costMicros } from '@/lib/billing/pricing';
import { createChat } from '@/lib/chat/chats';
import { loadChatView } from '@/lib/chat/chat-view';
import { prepareTurn } from '@/lib/chat/turn/prepare-turn';
import { runRound } from '@/lib/chat/turn/run-round';
import { streamTurnResponse } from '@/lib/chat/turn/turn-response';
import type { PreparedTurn, TurnDeps } from '@/lib/chat/turn/types';
import { loadConfig } from '@/lib/config';
import { modelsFromConfig } from '@/lib/llm/model-endpoints';
import { startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { openChatHarness, type ChatHarness } from '@/tests/support/chat-harness';
import { createUser, walletBooks } from '@/tests/support/fixtures';
import { type ProviderStandIns, startProviderStandIns } from '@/tests/support/provider-stand-ins';
import { testDatabaseKinds } from '@/tests/support/test-database';
import { readUiStream } from '@/tests/support/ui-stream';

const CLAUDE = 'claude-sonnet-4-5';
const O4 = 'o4-mini';

/**
 * One question answered side by side by models of two providers (LLM_PROVIDERS), each reached at its own
 * endpoint in its own dialect: Claude through Anthropic's OpenAI compatibility layer, o4-mini at OpenAI,
 * which refuses `max_tokens` for its reasoning models (the stand-ins check each request as the provider's
 * documentation says, and stream as it does).
 */
describe.each(testDatabaseKinds())('side by side across two providers on %s', (kind) => {
  let sim: SimulatorServer;
  let standIns: ProviderStandIns;
  let h: ChatHarness;
  let deps: TurnDeps;

  beforeAll(async () => {
    sim = await startSimulatorServer({ port: 0, tokenDelayMs: 1 });
    standIns = await startProviderStandIns(sim.url);
    h = await openChatHarness(kind);
    const cfg = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/quire-side-by-side-providers-test',
      AUTH_SECRET: 'a-test-secret-of-enough-length',
      LLM_PROVIDERS: JSON.stringify([
        {
          id: 'anthropic',
          kind: 'anthropic',
          baseUrl: standIns.baseUrl('anthropic-openai-layer'),
          apiKey: 'a-key',
          models: [{ id: CLAUDE, label: 'Claude Sonnet 4.5', inputPrice: 3, outputPrice: 15, contextWindow: 200_000 }],
        },
        {
          id: 'openai',
          baseUrl: standIns.baseUrl('openai-reasoning'),
          apiKey: 'o-key',
          profile: 'openai',
          models: [{ id: O4, label: 'o4-mini', inputPrice: 1.1, outputPrice: 4.4, reasoning: true, contextWindow: 200_000 }],
        },
      ]),
    });
    const { catalog, provider } = modelsFromConfig(cfg);
    expect(catalog.models.map((m) => [m.id, m.provider])).toEqual([
      [CLAUDE, 'anthropic'],
      [O4, 'openai'],
    ]);
    deps = { ...h.deps, catalog, provider };
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await standIns?.close();
    await sim?.close();
  });

  /** A new person's chat with one message to Claude and o4-mini at once, prepared (reserved, nothing asked yet). */
  async function prepareBoth(text: string) {
    const user = await createUser(h.db.prisma);
    const { id: chatId } = await createChat(h.db.prisma, deps.catalog, user.id, { model: CLAUDE });
    const turn = await prepareTurn(deps, {
      userId: user.id,
      chatId,
      mode: 'answer',
      text,
      modelId: CLAUDE,
      compare: [O4],
      rateLimitPerMinute: 1000,
    });
    return { user, chatId, turn, answers: [turn, ...turn.sides!] };
  }

  const savedAnswers = (answers: PreparedTurn[]) =>
    Promise.all(answers.map((a) => h.db.prisma.message.findUniqueOrThrow({ where: { id: a.assistantMessageId } })));

  it('each answer goes to its own provider, streams to the browser, and is saved with its own usage and cost', async () => {
    const answeredBefore = standIns.answered.length;
    const { user, chatId, turn, answers } = await prepareBoth('Name three rivers of Europe');
    // the response the browser reads: the first answer's text, the other's as data-side parts in the same stream
    const stream = readUiStream(streamTurnResponse(deps, turn, new Request('http://local/')).body!);
    await stream.readToEnd();
    const streamed = new Map<string, string>([[turn.assistantMessageId, stream.state.text]]);
    const turnParts = new Map<string, unknown>([[turn.assistantMessageId, stream.turnOutcome()]]);
    for (const chunk of stream.state.chunks) {
      if (chunk.type !== 'data-side') continue;
      const side = chunk.data as { messageId: string; text?: string; part?: { name: string; data: unknown } };
      if (side.text) streamed.set(side.messageId, (streamed.get(side.messageId) ?? '') + side.text);
      if (side.part?.name === 'turn') turnParts.set(side.messageId, side.part.data);
    }
    expect(answers.map((a) => turnParts.get(a.assistantMessageId))).toEqual([
      expect.objectContaining({ status: 'complete' }),
      expect.objectContaining({ status: 'complete' }),
    ]);
    const saved = await savedAnswers(answers);
    const requests = standIns.answered.slice(answeredBefore);
    // one request to each endpoint, in its own dialect: neither refused anything
    expect(requests).toEqual(
      expect.arrayContaining([
        { setup: 'anthropic-openai-layer', model: CLAUDE },
        { setup: 'openai-reasoning', model: O4 },
      ]),
    );
    expect(requests).toHaveLength(2);
    expect(standIns.refusals.filter((r) => r.setup === 'anthropic-openai-layer' || r.setup === 'openai-reasoning')).toEqual([]);

    const entries = await h.db.prisma.ledgerEntry.findMany({ where: { chatId }, include: { calls: true } });
    expect(entries).toHaveLength(2);
    for (const [i, answer] of answers.entries()) {
      const message = saved[i]!;
      // what streamed is what was saved, by the model asked
      expect(streamed.get(answer.assistantMessageId)?.length).toBeGreaterThan(20);
      expect(message).toMatchObject({
        status: 'complete',
        model: answer.model.id,
        text: streamed.get(answer.assistantMessageId),
        estimated: false,
      });
      expect(message.inputTokens).toBeGreaterThan(0);
      expect(message.outputTokens).toBeGreaterThan(0);
      // charged at its own model's prices, on its own ledger entry, from the usage its provider reported
      const model = deps.catalog.find(answer.model.id)!;
      expect(message.costMicros).toBe(costMicros(model, { inputTokens: message.inputTokens, outputTokens: message.outputTokens }));
      expect(message.costMicros).toBeGreaterThan(0n);
      const entry = entries.find((e) => e.turnId === answer.turnId)!;
      expect(entry).toMatchObject({ status: 'settled', messageId: answer.assistantMessageId, chargedMicros: message.costMicros });
      expect(entry.calls.map((c) => [c.model, c.status, c.estimated])).toEqual([[answer.model.id, 'charged', false]]);
    }
    expect(saved[0]!.costMicros).not.toBe(saved[1]!.costMicros);
    expect(await walletBooks(h.db.prisma, user.id)).toMatchObject({
      reserved: 0n,
      balanced: true,
      charged: saved[0]!.costMicros + saved[1]!.costMicros,
    });
    // the view shows the round with each answer's provider's model, status and cost
    const view = await loadChatView(h.db.prisma, chatId, user.id);
    expect(view.messages.at(-1)!.round?.map((m) => [m.model, m.status, m.costMicros])).toEqual(
      saved.map((m) => [m.model, 'complete', Number(m.costMicros)]),
    );
  });

  it("Stop of one provider's answer stops only it; the other provider's answer goes on to its end", async () => {
    const { user, chatId, turn, answers } = await prepareBoth('[sim:delay=15] [sim:list 40] rivers of Europe');
    const streamed = new Map<string, string>();
    const outcomes = await runRound(deps, turn, (answer) => ({
      text: (delta) => {
        const so = (streamed.get(answer.assistantMessageId) ?? '') + delta;
        streamed.set(answer.assistantMessageId, so);
        // Claude's answer (the one on screen) is stopped once it has shown some text
        if (answer === turn && so.length > 40 && so.length - delta.length <= 40)
          void deps.stopBus.requestStop(chatId, answer.assistantMessageId);
      },
      event: () => undefined,
    }));
    const saved = await savedAnswers(answers);
    expect(outcomes.map((o) => o.status)).toEqual(['stopped', 'complete']);
    const [claude, o4] = saved;
    // the stopped answer is saved as it was shown, charged for what it produced (no usage came: estimated)
    expect(claude).toMatchObject({ status: 'stopped', model: CLAUDE, text: streamed.get(claude!.id), estimated: true });
    expect(claude!.costMicros).toBeGreaterThan(0n);
    // the other answer is whole, at its own provider's reported usage
    expect(o4).toMatchObject({ status: 'complete', model: O4, text: streamed.get(o4!.id), estimated: false });
    for (let n = 1; n <= 40; n++) expect(o4!.text.match(new RegExp(`^${n}\\. `, 'gm')) ?? [], `item ${n}`).toHaveLength(1);
    expect(o4!.text.length).toBeGreaterThan(claude!.text.length);
    const entries = await h.db.prisma.ledgerEntry.findMany({ where: { chatId }, include: { calls: true } });
    expect(entries.map((e) => e.calls.map((c) => [c.model, c.status]))).toEqual(
      expect.arrayContaining([[[CLAUDE, 'charged']], [[O4, 'charged']]]),
    );
    expect(await walletBooks(h.db.prisma, user.id)).toMatchObject({ reserved: 0n, balanced: true });
    // the round freed the chat once its last answer was saved
    expect((await h.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } })).liveTurnId).toBeNull();
  });
});
