import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { claimNextJob } from '../jobs/claim-next-job';
import type { PipelineDeps } from '../pipeline-deps';
import { runClaimedJob, type RunOutcome } from './run-claimed-job';

export interface WorkerOptions {
  workerId?: string;
  /** a dead worker's job is taken over after this long (default 30 s) */
  leaseMs?: number;
  /** idle poll interval */
  pollMs?: number;
  retryBaseMs?: number;
  /** wait this long before the first poll (the web process's own simulator is not listening yet) */
  initialDelayMs?: number;
}

export interface DocumentWorker {
  workerId: string;
  stop(): Promise<void>;
}

export const DEFAULT_LEASE_MS = 30_000;

export function workerSettings(options: WorkerOptions) {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  return {
    workerId: options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    leaseMs,
    pollMs: options.pollMs ?? 1_000,
    retryBaseMs: options.retryBaseMs ?? 2_000,
    // renewed three times per lease: one slow beat does not lose it
    heartbeatMs: Math.max(100, Math.min(5_000, Math.floor(leaseMs / 3))),
  };
}

/** Claims and runs one job if any is claimable; 'idle' when none is. */
export async function runOneJob(
  deps: PipelineDeps,
  options: WorkerOptions & { stopSignal?: AbortSignal } = {},
): Promise<RunOutcome | 'idle' | 'gave_up'> {
  const settings = { ...workerSettings(options), stopSignal: options.stopSignal };
  const claim = await claimNextJob(deps.db, settings.workerId, settings.leaseMs);
  if (claim.kind === 'none') return 'idle';
  if (claim.kind === 'gave_up') return 'gave_up';
  deps.log({ event: 'job_claimed', jobId: claim.lease.jobId, workerId: settings.workerId, token: claim.lease.token });
  return runClaimedJob(deps, claim.lease, settings);
}

/** A polling worker loop; `stop()` lets the current step finish its call and returns when the loop has ended. */
export function startDocumentWorker(deps: PipelineDeps, options: WorkerOptions = {}): DocumentWorker {
  const settings = workerSettings(options);
  let stopping = false;
  const shutdown = new AbortController();
  let wake: (() => void) | null = null;
  const loop = (async () => {
    if (options.initialDelayMs)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.initialDelayMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    while (!stopping) {
      let outcome: Awaited<ReturnType<typeof runOneJob>>;
      try {
        outcome = await runOneJob(deps, { ...settings, stopSignal: shutdown.signal });
      } catch (error) {
        deps.log({ event: 'worker_error', workerId: settings.workerId, error: String(error) });
        outcome = 'idle';
      }
      if (outcome === 'idle' && !stopping) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, settings.pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  })();
  return {
    workerId: settings.workerId,
    stop: async () => {
      stopping = true;
      shutdown.abort();
      (wake as (() => void) | null)?.();
      await loop;
    },
  };
}
