import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChat } from '@/lib/chat/chats';
import { loadConfig } from '@/lib/config';
import { modelsFromConfig, parseModelEndpoints } from '@/lib/llm/model-endpoints';
import { startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { createUser } from '@/tests/support/fixtures';
import { type ProviderStandIns, startProviderStandIns } from '@/tests/support/provider-stand-ins';

const config = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/quire-providers-test', AUTH_SECRET: 'a-test-secret-of-enough-length', ...env });

describe('several providers at once (LLM_PROVIDERS)', () => {
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
