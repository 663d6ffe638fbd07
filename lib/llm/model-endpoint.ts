import { createHmac } from 'node:crypto';
import type { AppConfig } from '@/lib/config';
import { resolveAuthSecret } from '@/lib/deployment-secret';

/**
 * The key the built-in simulator demands, so that its mounted route answers
 * only this deployment's own calls. It is derived from the auth secret rather
 * than drawn per process so that `npm run worker` (another process on the same
 * deployment) can call the web process's simulator too; nobody without the
 * secret can compute it.
 */
export function simulatorApiKey(cfg: Pick<AppConfig, 'authSecret' | 'dataDir'>): string {
  // every simulated model call checks it: read the secret file once, not per call
  const cacheKey = `${cfg.dataDir}\0${cfg.authSecret ?? ''}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = createHmac('sha256', resolveAuthSecret(cfg.authSecret, cfg.dataDir)).update('quire offline simulator key').digest('base64url');
    keys.set(cacheKey, key);
  }
  return key;
}

const keys = new Map<string, string>();

/** Where model calls go: the configured OpenAI-compatible endpoint, or this server's own simulator route. */
export function modelEndpoint(cfg: Pick<AppConfig, 'llm' | 'port' | 'authSecret' | 'dataDir'>): { baseUrl: string; apiKey?: string } {
  if (cfg.llm.baseUrl) return { baseUrl: cfg.llm.baseUrl, apiKey: cfg.llm.apiKey };
  return { baseUrl: `http://127.0.0.1:${cfg.port}/api/simulator/v1`, apiKey: simulatorApiKey(cfg) };
}
