import { InsufficientCreditsError } from '@/lib/billing/ledger';
import { countError } from '@/lib/ops/metrics';
import { BudgetExhaustedError } from '../jobs/job-budget';
import { LeaseLostError, RUNNABLE_STATUSES, type JobLease } from '../jobs/job-lease';
import { isStepName } from '../jobs/job-steps';
import { markJobCancelled, pauseJob, releaseJobLease, retryJobLater } from '../jobs/release-job';
import { renewJobLease } from '../jobs/renew-lease';
import { settleInterruptedCalls } from '../jobs/settle-interrupted-calls';
import type { PipelineDeps } from '../pipeline-deps';
import { ModelCallError, StepAbortedError } from '../steps/call-model';
import { InvalidModelOutputError } from '../steps/model-json';
import { describeInternalFailure } from '@/lib/llm/upstream-failure';
import { stepFor } from '../steps/registry';
import type { StepContext } from '../steps/step-context';
import { JOB_DELETED, registerJobAbort } from './job-aborts';

export interface RunOptions {
  /** first retry delay; doubles per attempt, capped */
  retryBaseMs: number;
  /** how often the lease is renewed and the cancel flag read */
  heartbeatMs: number;
  /** the worker is shutting down: stop the step and hand the job back without counting an attempt */
  stopSignal?: AbortSignal;
}

export type RunOutcome = 'parked' | 'done' | 'cancelled' | 'paused' | 'retrying' | 'failed' | 'lease_lost';

/**
 * Runs a claimed job step by step until it parks (waits for answers, done,
 * paused…), is cancelled, or fails. A heartbeat renews the lease and carries a
 * cancel sent from any process; the step's model call is aborted with it.
 */
export async function runClaimedJob(deps: PipelineDeps, lease: JobLease, options: RunOptions): Promise<RunOutcome> {
  const abort = new AbortController();
  const unregister = registerJobAbort(lease.jobId, (reason) => abort.abort(reason));
  const onStop = () => abort.abort('shutdown');
  options.stopSignal?.addEventListener('abort', onStop);
  const heartbeat = setInterval(() => {
    renewJobLease(deps.db, lease).then(
      (renewal) => {
        if (!renewal.held) abort.abort('lease_lost');
        else if (renewal.cancelRequested) abort.abort('cancelled');
      },
      (error) => deps.log({ event: 'heartbeat_error', jobId: lease.jobId, error: String(error) }),
    );
  }, options.heartbeatMs);
  try {
    await settleInterruptedCalls(deps.db, lease.jobId);
    for (;;) {
      if (abort.signal.aborted) throw new StepAbortedError(String(abort.signal.reason));
      const ctx = await loadStepContext(deps, lease, abort.signal);
      if (ctx === 'lease_lost') return 'lease_lost';
      if (ctx === 'cancel') {
        await markJobCancelled(deps.db, lease);
        return 'cancelled';
      }
      if (!(RUNNABLE_STATUSES as readonly string[]).includes(ctx.job.status)) {
        await releaseJobLease(deps.db, lease);
        return ctx.job.status === 'done' ? 'done' : 'parked';
      }
      const step = stepFor(ctx.job.step);
      if (!step) throw new Error(`The job is at an unknown step: ${ctx.job.step}`);
      await step.run(ctx);
    }
  } catch (error) {
    return settleFailure(deps, lease, error, abort.signal, options);
  } finally {
    clearInterval(heartbeat);
    options.stopSignal?.removeEventListener('abort', onStop);
    unregister();
  }
}

async function settleFailure(
  deps: PipelineDeps,
  lease: JobLease,
  error: unknown,
  signal: AbortSignal,
  options: RunOptions,
): Promise<RunOutcome> {
  const reason = signal.aborted ? String(signal.reason) : null;
  if (error instanceof LeaseLostError || reason === 'lease_lost' || reason === JOB_DELETED) {
    deps.log({ event: 'job_lease_lost', jobId: lease.jobId });
    return 'lease_lost';
  }
  if (reason === 'shutdown') {
    await releaseJobLease(deps.db, lease);
    return 'parked';
  }
  if (reason === 'cancelled' || (error instanceof StepAbortedError && error.reason === 'cancelled')) {
    await markJobCancelled(deps.db, lease);
    return 'cancelled';
  }
  if (error instanceof BudgetExhaustedError || error instanceof InsufficientCreditsError) {
    await pauseJob(deps.db, lease, error.message);
    return 'paused';
  }
  // the person reads job.error: a model's failure or unusable reply is told as is (already free of
  // provider internals); anything else (the database, a bug) only by the request id it is logged under
  const message =
    error instanceof ModelCallError || error instanceof InvalidModelOutputError
      ? error.message
      : describeInternalFailure(error, { event: 'job_step_error', jobId: lease.jobId });
  countError('job_step');
  deps.log({ event: 'job_step_failed', jobId: lease.jobId, error: message });
  const hint = error instanceof ModelCallError ? { permanent: error.permanent, notBeforeMs: error.retryAfterMs } : {};
  return retryJobLater(deps.db, lease, message, options.retryBaseMs, hint);
}

/** The job, its document and its model as a step sees them now; exported for tests that run one step. */
export async function loadStepContext(
  deps: PipelineDeps,
  lease: JobLease,
  signal: AbortSignal,
): Promise<StepContext | 'lease_lost' | 'cancel'> {
  const job = await deps.db.documentJob.findUnique({ where: { id: lease.jobId }, include: { document: true } });
  if (!job || job.fencingToken !== lease.token) return 'lease_lost';
  if (job.cancelRequested || signal.reason === 'cancelled') return 'cancel';
  if (!isStepName(job.step)) throw new Error(`The job is at an unknown step: ${job.step}`);
  const { document } = job;
  const model = deps.catalog.find(document.model) ?? deps.catalog.default;
  return {
    deps,
    lease,
    signal,
    model,
    job: {
      id: job.id,
      step: job.step,
      status: job.status,
      researchRound: job.researchRound,
      researchRounds: job.researchRounds,
      budgetMicros: job.budgetMicros,
      startedPostedAt: job.startedPostedAt,
      createdAt: job.createdAt,
    },
    document: {
      id: document.id,
      ownerId: document.ownerId,
      chatId: document.chatId,
      request: document.request,
      title: document.title,
      type: document.type,
      sectionCount: document.sectionCount,
      allowPublicSources: document.allowPublicSources,
      summary: document.summary,
    },
  };
}
