import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocument } from '@/lib/documents/intake/queue-document';
import { getDocumentView } from '@/lib/documents/document-view';
import { parsePastedText } from '@/lib/documents/sources/parse-source-file';
import { ModelCatalog, type ModelInfo } from '@/lib/llm/catalog';
import { createModelProvider } from '@/lib/llm/provider';
import type { ProviderKind } from '@/lib/llm/provider-profile';
import { SIMULATED_MODELS, startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { createChat } from '@/lib/chat/chats';
import { loadConfig } from '@/lib/config';
import { modelsFromConfig, parseModelEndpoints } from '@/lib/llm/model-endpoints';
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

const config = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/quire-providers-test', AUTH_SECRET: 'a-test-secret-of-enough-length', ...env });

const SWIFT = SIMULATED_MODELS.find((m) => m.id === 'sim-swift')!;

/** The setup's model as a catalog entry (the stand-in answers as sim-swift); `short` has a small output limit. */
function modelsFor(model: string): ModelInfo[] {
  const base = { ...SWIFT, label: model, simulated: false, structuredOutputs: true };
  return [
    { ...base, id: model },
    { ...base, id: `${model}#short`, maxOutputTokens: 160 },
  ];
}

/** A two-section document from the sample notes, written by `model` through `deps`; its view once the jobs rest. */
async function writeDocument(h: ChatHarness, baseUrl: string, deps: Pick<ChatHarness['deps'], 'catalog' | 'provider'>, model: string) {
  const userId = await createTestUser(h.db.prisma);
  const { id } = await createDocument(h.db.prisma, {
    ownerId: userId,
    request: 'Write a report on the Northwind Lisbon warehouse',
    model,
    sectionCount: 2,
    sources: [parsePastedText('Warehouse notes', SAMPLE_SOURCE)],
  });
  await driveJobsToRest(testPipelineDeps(h.db.prisma, baseUrl, { catalog: deps.catalog, provider: deps.provider }));
  return getDocumentView(h.db.prisma, id, 'owner');
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
      const view = await writeDocument(h, standIns.baseUrl(setup), deps, model);
      expect(view.status, view.error ?? '').toBe('done');
      expect(view.sections.every((s) => s.body.length > 0)).toBe(true);
    }, 60_000);
  });

  it('a document finishes on a reasoning model that thinks 1,000 tokens before every reply, on 200-token steps', async () => {
    const thinker = { ...SWIFT, id: 'qwq-32b', label: 'QwQ', simulated: false, reasoning: true, maxOutputTokens: 8_000 };
    const catalog = new ModelCatalog([thinker]);
    const provider = createModelProvider({ baseUrl: standIns.baseUrl('heavy-thinker'), kind: 'vllm' });
    const view = await writeDocument(h, standIns.baseUrl('heavy-thinker'), { catalog, provider }, thinker.id);
    const id = view.id;
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
    const view = await writeDocument(h, standIns.baseUrl('heavy-thinker'), { catalog, provider }, small.id);
    const id = view.id;
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

  // several providers at once (LLM_PROVIDERS)
  it("sends each model's calls to its own endpoint with that provider's quirks, and names the provider", async () => {
    const cfg = config({
      LLM_PROVIDERS: JSON.stringify([
        {
          id: 'mistral',
          baseUrl: standIns.baseUrl('mistral'),
          apiKey: 'm-key',
          profile: 'mistral',
          models: [{ id: 'mistral-medium-latest' }],
        },
        { id: 'openai', baseUrl: standIns.baseUrl('openai-reasoning'), profile: 'openai', models: ['o4-mini'] },
      ]),
      LLM_BASE_URL: standIns.baseUrl('groq'),
      LLM_MODELS: 'llama-3.3-70b-versatile',
    });
    const { catalog, provider } = modelsFromConfig(cfg);
    expect(catalog.models.map((m) => [m.id, m.provider])).toEqual([
      ['mistral-medium-latest', 'mistral'],
      ['o4-mini', 'openai'],
      ['llama-3.3-70b-versatile', '127.0.0.1'],
    ]);
    const deps = { ...h.deps, catalog, provider };
    for (const model of catalog.models) {
      const user = await createUser(h.db.prisma);
      const { id: chatId } = await createChat(h.db.prisma, catalog, user.id, { model: model.id });
      const { outcome } = await runChatTurn({ ...h, deps }, { userId: user.id, chatId, mode: 'answer', text: 'Hello there' });
      expect(outcome.status, `${model.id}: ${outcome.reason}`).toBe('complete');
    }
    // neither strict provider refused anything: each got its own dialect from the first request
    expect(standIns.refusals.filter((r) => r.setup === 'mistral' || r.setup === 'openai-reasoning')).toEqual([]);
  });

  it('says what is wrong with a bad LLM_PROVIDERS, and refuses one model id at two providers', () => {
    expect(() => parseModelEndpoints(config({ LLM_PROVIDERS: '[{' }))).toThrow(/LLM_PROVIDERS is not valid JSON/);
    expect(() => parseModelEndpoints(config({ LLM_PROVIDERS: JSON.stringify([{ id: 'x', models: ['a'] }]) }))).toThrow(/needs a baseUrl/);
    expect(() =>
      parseModelEndpoints(
        config({
          LLM_PROVIDERS: JSON.stringify([
            { id: 'one', baseUrl: 'http://127.0.0.1:1/v1', models: ['same'] },
            { id: 'two', baseUrl: 'http://127.0.0.1:2/v1', models: ['same'] },
          ]),
        }),
      ),
    ).toThrow(/listed by both "one" and "two"/);
    // Anthropic's and Google's own APIs need no baseUrl
    const native = parseModelEndpoints(
      config({ LLM_PROVIDERS: JSON.stringify([{ id: 'claude', kind: 'anthropic', apiKey: 'k', models: ['claude-sonnet-4-5'] }]) }),
    );
    expect(native[0]).toMatchObject({ baseUrl: 'https://api.anthropic.com/v1/', kind: 'anthropic' });
  });
});
