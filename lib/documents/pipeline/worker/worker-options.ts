import { z } from 'zod';
import type { WorkerOptions } from './document-worker';

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
