import { z } from 'zod';
import type { AppConfig } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { modelsFromConfig } from '@/lib/llm/model-endpoints';
import { logToStdout } from '@/lib/log';
import { processLinkReader, type PipelineDeps } from '../pipeline-deps';
import { publicSearchFromConfig } from '../sources/searxng-search';
import type { WorkerOptions } from './document-worker';

/** The pipeline's dependencies for a process without Next.js (the web server script, `npm run worker`). */
export function pipelineDepsFromConfig(database: Database, cfg: AppConfig): PipelineDeps {
  // the same catalog and provider the web process builds (lib/llm/model-endpoints.ts)
  const { catalog, provider } = modelsFromConfig(cfg, logToStdout);
  return {
    db: database.prisma,
    provider,
    catalog,
    publicSources: cfg.publicSources,
    publicSearch: publicSearchFromConfig(cfg.search),
    linkReader: processLinkReader(cfg.fetchAllowHosts),
    maxOutputTokens: cfg.llm.maxOutputTokens,
    log: logToStdout,
  };
}

const tuning = z.object({
  QUIRE_JOB_LEASE_MS: z.coerce.number().int().min(200).optional(),
  QUIRE_JOB_POLL_MS: z.coerce.number().int().min(10).optional(),
  QUIRE_JOB_RETRY_MS: z.coerce.number().int().min(1).optional(),
});

/** Operator tuning of the worker (lease length, poll interval, first retry delay); defaults suit production. */
export function workerOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): WorkerOptions {
  const parsed = tuning.parse(env);
  return { leaseMs: parsed.QUIRE_JOB_LEASE_MS, pollMs: parsed.QUIRE_JOB_POLL_MS, retryBaseMs: parsed.QUIRE_JOB_RETRY_MS };
}
