import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { modelEndpoint, simulatorApiKey } from './model-endpoint';

const dataDir = mkdtempSync(path.join(tmpdir(), 'quire-endpoint-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('where model calls go', () => {
  it('without LLM_BASE_URL: this server’s simulator route, with a key only this deployment can compute', () => {
    const endpoint = modelEndpoint({
      llm: { baseUrl: undefined, apiKey: undefined, models: undefined, providers: undefined, maxOutputTokens: 2400 },
      port: 3000,
      authSecret: undefined,
      dataDir,
    });
    expect(endpoint.baseUrl).toBe('http://127.0.0.1:3000/api/simulator/v1');
    expect(endpoint.apiKey).toBe(simulatorApiKey({ authSecret: undefined, dataDir }));
    expect(endpoint.apiKey).not.toBe(simulatorApiKey({ authSecret: 'another-deployments-secret', dataDir }));
    expect(endpoint.apiKey!.length).toBeGreaterThanOrEqual(40);
  });

  it('with LLM_BASE_URL: that endpoint and its own key', () => {
    const llm = { baseUrl: 'https://llm.example.com/v1', apiKey: 'sk-x', models: undefined, providers: undefined, maxOutputTokens: 2400 };
    expect(modelEndpoint({ llm, port: 3000, authSecret: undefined, dataDir })).toEqual({
      baseUrl: 'https://llm.example.com/v1',
      apiKey: 'sk-x',
    });
  });
});
