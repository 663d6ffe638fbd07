import { z } from 'zod';
import type { AppConfig } from '@/lib/config';
import { type ModelInfo, ModelCatalog, parseModelCatalog } from './catalog';
import { modelEndpoint } from './model-endpoint';
import { createModelProvider, type ModelProvider } from './provider';
import { PROVIDER_KINDS, type ProviderKind } from './provider-profile';
import { SIMULATED_MODELS } from './simulator/models';

/**
 * Where models are served: one endpoint per provider a deployment uses
 * (LLM_PROVIDERS), plus LLM_BASE_URL as one more, or the built-in simulator
 * when neither is set. Each endpoint's models name it as their provider; a
 * model's calls go to its own endpoint, with its profile's request quirks.
 */
export interface ModelEndpoint {
  id: string;
  baseUrl: string;
  apiKey?: string;
  kind?: ProviderKind;
  models: ModelInfo[];
}

/**
 * Anthropic's and Google's APIs are reached through their own OpenAI-compatible
 * layers (docs.anthropic.com/en/api/openai-sdk, ai.google.dev/gemini-api/docs/openai),
 * with their profile's quirks.
 */
const NATIVE_DEFAULTS = {
  anthropic: { baseUrl: 'https://api.anthropic.com/v1/', kind: 'anthropic' },
  google: { baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai/', kind: 'gemini' },
} as const;

const providerEntry = z.object({
  id: z.string().min(1).max(40),
  kind: z.enum(['openai-compatible', 'anthropic', 'google']).default('openai-compatible'),
  baseUrl: z.string().url().optional(),
  apiKey: z.string().optional(),
  profile: z.enum(PROVIDER_KINDS).optional(),
  models: z.array(z.unknown()).min(1),
});

export function parseModelEndpoints(cfg: Pick<AppConfig, 'llm' | 'port' | 'authSecret' | 'dataDir'>): ModelEndpoint[] {
  const endpoints: ModelEndpoint[] = [];
  if (cfg.llm.providers?.trim()) {
    let raw: unknown;
    try {
      raw = JSON.parse(cfg.llm.providers);
    } catch (error) {
      throw new Error(`LLM_PROVIDERS is not valid JSON: ${(error as Error).message}`);
    }
    const parsed = z.array(providerEntry).min(1).safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`LLM_PROVIDERS is invalid at ${issue?.path.join('.') || 'the top'}: ${issue?.message}`);
    }
    for (const entry of parsed.data) {
      const native = entry.kind === 'openai-compatible' ? undefined : NATIVE_DEFAULTS[entry.kind];
      const baseUrl = entry.baseUrl ?? native?.baseUrl;
      if (!baseUrl) throw new Error(`LLM_PROVIDERS: provider "${entry.id}" needs a baseUrl.`);
      const models = parseModelCatalog(JSON.stringify(entry.models), cfg.llm, SIMULATED_MODELS).map((m) => ({ ...m, provider: entry.id }));
      endpoints.push({ id: entry.id, baseUrl, apiKey: entry.apiKey, kind: entry.profile ?? native?.kind, models });
    }
  }
  if (cfg.llm.baseUrl || endpoints.length === 0) {
    const { baseUrl, apiKey } = modelEndpoint(cfg);
    const id = cfg.llm.baseUrl ? safeHostName(cfg.llm.baseUrl) : 'offline';
    const models = parseModelCatalog(cfg.llm.models, cfg.llm, SIMULATED_MODELS).map((m) => ({ ...m, provider: id }));
    endpoints.push({ id, baseUrl, apiKey, models });
  }
  const seen = new Map<string, string>();
  for (const endpoint of endpoints)
    for (const model of endpoint.models) {
      const other = seen.get(model.id);
      if (other)
        throw new Error(`The model id "${model.id}" is listed by both "${other}" and "${endpoint.id}": give one of them another id.`);
      seen.set(model.id, endpoint.id);
    }
  return endpoints;
}

function safeHostName(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return 'models';
  }
}

/** Every model of every endpoint, in the order configured: the first is the default. */
export function catalogOf(endpoints: ModelEndpoint[]): ModelCatalog {
  return new ModelCatalog(endpoints.flatMap((e) => e.models));
}

/** One provider that sends each model's calls to its own endpoint. */
export function providerOf(endpoints: ModelEndpoint[], log?: (line: Record<string, unknown>) => void): ModelProvider {
  const byModel = new Map<string, ModelProvider>();
  const first = endpoints[0]!;
  for (const endpoint of endpoints) {
    const provider = createModelProvider({ baseUrl: endpoint.baseUrl, apiKey: endpoint.apiKey, kind: endpoint.kind, log });
    for (const model of endpoint.models) byModel.set(model.id, provider);
  }
  const fallback = byModel.get(first.models[0]!.id)!;
  return { chatModel: (modelId) => (byModel.get(modelId) ?? fallback).chatModel(modelId) };
}

/** The catalog and provider of a deployment: the one place both are built, for the web process and the worker alike. */
export function modelsFromConfig(
  cfg: Pick<AppConfig, 'llm' | 'port' | 'authSecret' | 'dataDir'>,
  log?: (line: Record<string, unknown>) => void,
) {
  const endpoints = parseModelEndpoints(cfg);
  return { catalog: catalogOf(endpoints), provider: providerOf(endpoints, log) };
}
