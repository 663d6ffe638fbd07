import type { Db } from '@/lib/db/client';

export interface CheckResult {
  ok: boolean;
  /** what was checked, or why it failed (never the endpoint's credentials) */
  detail: string;
}

export interface Readiness {
  ready: boolean;
  checks: { database: CheckResult; model: CheckResult };
}

export interface ReadinessDeps {
  db: Db;
  /** a real model endpoint; unset: the built-in simulator, served by this process */
  modelBaseUrl?: string;
  modelApiKey?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * What a load balancer asks before sending traffic: can this process reach its
 * database and its model endpoint? Each check has a short timeout, so a hung
 * dependency answers "not ready" instead of hanging the probe.
 */
export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? 2_000;
  const [database, model] = await Promise.all([checkDatabase(deps.db, timeoutMs), checkModel(deps, timeoutMs)]);
  return { ready: database.ok && model.ok, checks: { database, model } };
}

async function checkDatabase(db: Db, timeoutMs: number): Promise<CheckResult> {
  try {
    await withTimeout(db.$queryRaw`SELECT 1`, timeoutMs);
    return { ok: true, detail: 'reachable' };
  } catch (error) {
    return { ok: false, detail: `unreachable: ${shortReason(error)}` };
  }
}

async function checkModel(deps: ReadinessDeps, timeoutMs: number): Promise<CheckResult> {
  if (!deps.modelBaseUrl) return { ok: true, detail: 'the built-in offline simulator (in this process)' };
  const url = `${deps.modelBaseUrl.replace(/\/+$/, '')}/models`;
  try {
    const response = await (deps.fetch ?? fetch)(url, {
      headers: deps.modelApiKey ? { authorization: `Bearer ${deps.modelApiKey}` } : {},
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return response.ok ? { ok: true, detail: 'reachable' } : { ok: false, detail: `the model endpoint answered HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, detail: `unreachable: ${shortReason(error)}` };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The error's name and first line: enough to act on, without hosts, queries or keys. */
function shortReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timed out';
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split('\n')[0] ?? '';
  return firstLine.replace(/[a-z]+:\/\/[^\s]+/gi, '<url>').slice(0, 120);
}
