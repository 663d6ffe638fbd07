import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocument } from '@/lib/documents/create-document';
import { getDocumentView } from '@/lib/documents/document-view';
import { parsePastedText } from '@/lib/documents/sources/parse-source-file';
import { ModelCatalog, type ModelInfo } from '@/lib/llm/catalog';
import { createModelProvider } from '@/lib/llm/provider';
import type { ProviderKind } from '@/lib/llm/provider-profile';
import { SIMULATED_MODELS, startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { createChat } from '@/lib/chat/chats';
import { openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { createUser } from '@/tests/support/fixtures';
import { createTestUser, driveJobsToRest, SAMPLE_SOURCE, testPipelineDeps } from '@/tests/support/documents-harness';
import { type ProviderStandIns, STAND_IN_SETUPS, type StandInName, startProviderStandIns } from '@/tests/support/provider-stand-ins';

/**
 * Every provider setup Quire is deployed against, configured as an operator would: the provider kind its
 * base URL names (self-hosted servers have no telling URL, so they run with no profile and learn from refusals).
 */
const SETUPS: Array<{ setup: StandInName; kind: ProviderKind; model: string; tools: boolean }> = [
  { setup: 'openai-reasoning', kind: 'openai', model: 'o4-mini', tools: true },
  { setup: 'openai-chat', kind: 'openai', model: 'gpt-4.1', tools: true },
  { setup: 'azure-openai', kind: 'azure', model: 'o3-deployment', tools: true },
  { setup: 'mistral', kind: 'mistral', model: 'mistral-medium-latest', tools: true },
  { setup: 'vllm-mistral-template', kind: 'generic', model: 'mistralai/Mistral-Small-3.2-24B-Instruct-2506', tools: false },
  { setup: 'llamacpp-no-jinja', kind: 'generic', model: 'gemma-3-12b-it', tools: false },
  { setup: 'gemini-2.5', kind: 'gemini', model: 'gemini-2.5-flash', tools: true },
  { setup: 'gemini-3', kind: 'gemini', model: 'gemini-3-pro-preview', tools: true },
  { setup: 'deepseek-thinking', kind: 'deepseek', model: 'deepseek-reasoner', tools: true },
  { setup: 'openrouter-claude', kind: 'openrouter', model: 'anthropic/claude-sonnet-4.5', tools: true },
  { setup: 'anthropic-openai-layer', kind: 'anthropic', model: 'claude-sonnet-4-5', tools: true },
  { setup: 'ollama-old', kind: 'ollama', model: 'llama3.1:8b', tools: true },
  { setup: 'groq', kind: 'groq', model: 'llama-3.3-70b-versatile', tools: true },
  { setup: 'gateway-no-finish', kind: 'generic', model: 'gateway-model', tools: true },
];

const SWIFT = SIMULATED_MODELS.find((m) => m.id === 'sim-swift')!;

/** The setup's model as a catalog entry (the stand-in answers as sim-swift); `short` has a small output limit. */
function modelsFor(model: string): ModelInfo[] {
  const base = { ...SWIFT, label: model, simulated: false, structuredOutputs: true };
  return [
    { ...base, id: model },
    { ...base, id: `${model}#short`, maxOutputTokens: 160 },
  ];
}

describe('every provider setup works end to end', () => {
  let sim: SimulatorServer;
  let standIns: ProviderStandIns;
  let h: ChatHarness;

  beforeAll(async () => {
    sim = await startSimulatorServer({ port: 0, tokenDelayMs: 1 });
    standIns = await startProviderStandIns(sim.url);
    h = await openChatHarness('pglite');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await standIns?.close();
    await sim?.close();
  });

  describe.each(SETUPS)('$setup', ({ setup, kind, model, tools }) => {
    const title = STAND_IN_SETUPS[setup].title;
    let deps: ChatHarness['deps'];
    beforeAll(() => {
      const catalog = new ModelCatalog(modelsFor(model));
      const provider = createModelProvider({ baseUrl: standIns.baseUrl(setup), kind });
      deps = { ...h.deps, catalog, provider };
    });
    const turn = async (text: string, opts: { model?: string; signal?: AbortSignal; onText?: (d: string, s: string) => void } = {}) => {
      const user = await createUser(h.db.prisma);
      const { id: chatId } = await createChat(h.db.prisma, deps.catalog, user.id, { model: opts.model ?? model });
      const run = await runChatTurn({ ...h, deps }, { userId: user.id, chatId, mode: 'answer', text }, opts);
      return { ...run, chatId };
    };

    it(`answers a message (${title})`, async () => {
      const { outcome, chatId } = await turn('Hello, what can you do?');
      expect(outcome.status, outcome.reason).toBe('complete');
      expect(outcome.text.trim().length).toBeGreaterThan(20);
      const [call] = await h.db.prisma.modelCall.findMany({ where: { entry: { chatId } } });
      expect(call!.status).toBe('charged');
      if (STAND_IN_SETUPS[setup].usage !== 'never') expect(call!.estimated).toBe(false);
      // thinking counted only in total_tokens is billed as reasoning (output) tokens
      const hidden = (STAND_IN_SETUPS[setup] as { hiddenThinkingTokens?: number }).hiddenThinkingTokens;
      if (hidden) expect(call!.reasoningTokens).toBeGreaterThanOrEqual(hidden);
    });

    it(`runs a tool round: the tool runs once and the answer goes on (${title})`, async () => {
      const { outcome, streamed } = await turn('Which plan includes priority support? [sim:text+tool]');
      expect(outcome.status, outcome.reason).toBe('complete');
      expect(outcome.tools).toHaveLength(tools ? 1 : 0);
      expect(streamed.trim().length).toBeGreaterThan(0);
    });

    it(`continues an answer cut by the output limit into one clean message (${title})`, async () => {
      const { outcome } = await turn('[sim:list 30] rivers of Europe [sim:artifact=none]', { model: `${model}#short` });
      expect(outcome.status, outcome.reason).toBe('complete');
      expect(outcome.continuations).toBeGreaterThan(0);
      for (let n = 1; n <= 30; n++) expect(outcome.text.match(new RegExp(`^${n}\\. `, 'gm')) ?? [], `item ${n}`).toHaveLength(1);
    });

    it(`stops: the answer is saved as the person saw it (${title})`, async () => {
      const abort = new AbortController();
      const { outcome, streamed } = await turn('[sim:delay=20] [sim:list 200] long list', {
        signal: abort.signal,
        onText: (_delta, so) => {
          if (so.length > 200) abort.abort();
        },
      });
      expect(outcome.status).toBe('stopped');
      expect(outcome.text).toBe(streamed);
    });

    it(`writes a document through the pipeline (${title})`, async () => {
      const userId = await createTestUser(h.db.prisma);
      const { id } = await createDocument(h.db.prisma, {
        ownerId: userId,
        request: 'Write a report on the Northwind Lisbon warehouse',
        model,
        sectionCount: 2,
        sources: [parsePastedText('Warehouse notes', SAMPLE_SOURCE)],
      });
      await driveJobsToRest(testPipelineDeps(h.db.prisma, standIns.baseUrl(setup), { catalog: deps.catalog, provider: deps.provider }));
      const view = await getDocumentView(h.db.prisma, id, 'owner');
      expect(view.status, view.error ?? '').toBe('done');
      expect(view.sections.every((s) => s.body.length > 0)).toBe(true);
    }, 60_000);
  });

  it('a document finishes on a reasoning model that thinks 1,000 tokens before every reply, on 200-token steps', async () => {
    const thinker = { ...SWIFT, id: 'qwq-32b', label: 'QwQ', simulated: false, reasoning: true, maxOutputTokens: 8_000 };
    const catalog = new ModelCatalog([thinker]);
    const provider = createModelProvider({ baseUrl: standIns.baseUrl('heavy-thinker'), kind: 'vllm' });
    const userId = await createTestUser(h.db.prisma);
    const { id } = await createDocument(h.db.prisma, {
      ownerId: userId,
      request: 'Write a report on the Northwind Lisbon warehouse',
      model: thinker.id,
      sectionCount: 2,
      sources: [parsePastedText('Warehouse notes', SAMPLE_SOURCE)],
    });
    await driveJobsToRest(testPipelineDeps(h.db.prisma, standIns.baseUrl('heavy-thinker'), { catalog, provider }));
    const view = await getDocumentView(h.db.prisma, id, 'owner');
    expect(view.status, view.error ?? '').toBe('done');
    // every step was called once: no attempt was spent on a reply that was all thinking
    const calls = await h.db.prisma.modelCall.findMany({ where: { entry: { documentId: id } }, select: { reasoningTokens: true } });
    expect(calls.every((c) => c.reasoningTokens >= 1_000)).toBe(true);
    const job = await h.db.prisma.documentJob.findUniqueOrThrow({ where: { documentId: id } });
    expect(job.error).toBeNull();
  }, 60_000);

  it('a model that thinks through its whole limit fails the step with a clear reason, after one roomier try', async () => {
    const small = { ...SWIFT, id: 'tiny-thinker', label: 'Tiny', simulated: false, reasoning: false, maxOutputTokens: 400 };
    const catalog = new ModelCatalog([small]);
    const provider = createModelProvider({ baseUrl: standIns.baseUrl('heavy-thinker'), kind: 'vllm' });
    const userId = await createTestUser(h.db.prisma);
    const { id } = await createDocument(h.db.prisma, {
      ownerId: userId,
      request: 'Write a report on the Northwind Lisbon warehouse',
      model: small.id,
      sectionCount: 2,
      sources: [parsePastedText('Warehouse notes', SAMPLE_SOURCE)],
    });
    await driveJobsToRest(testPipelineDeps(h.db.prisma, standIns.baseUrl('heavy-thinker'), { catalog, provider }));
    const view = await getDocumentView(h.db.prisma, id, 'owner');
    expect(view.status).toBe('failed');
    expect(view.error).toMatch(/thinking and wrote no answer/);
    // the type step was tried at 200 tokens, then at 400: two calls, not eight attempts
    expect(await h.db.prisma.modelCall.count({ where: { entry: { documentId: id } } })).toBe(2);
  }, 60_000);

  it('a refusal is corrected once per model: the next message goes through without being refused again', async () => {
    const before = standIns.refusals.filter((r) => r.setup === 'llamacpp-no-jinja').length;
    const provider = createModelProvider({ baseUrl: standIns.baseUrl('llamacpp-no-jinja') });
    const deps = { ...h.deps, catalog: new ModelCatalog(modelsFor('gemma')), provider };
    for (let i = 0; i < 3; i++) {
      const user = await createUser(h.db.prisma);
      const { id: chatId } = await createChat(h.db.prisma, deps.catalog, user.id, { model: 'gemma' });
      const { outcome } = await runChatTurn({ ...h, deps }, { userId: user.id, chatId, mode: 'answer', text: 'Hello' });
      expect(outcome.status).toBe('complete');
    }
    expect(standIns.refusals.filter((r) => r.setup === 'llamacpp-no-jinja').length - before).toBe(1);
  });
});
