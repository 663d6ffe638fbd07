import type { ModelMessage } from 'ai';
import type { Tx } from '@/lib/db/client';
import { runBilledCall, type BilledCallResult } from '@/lib/billing/billed-call';
import { openLedgerEntry } from '@/lib/billing/ledger';
import { checkFence } from '../jobs/fence';
import { assertWithinBudget, refreshJobSpent } from '../jobs/job-budget';
import type { JobLease } from '../jobs/job-lease';
import type { PipelineDeps } from '../pipeline-deps';
import type { ModelInfo } from '@/lib/llm/catalog';
import type { StepContext } from './step-context';
import type { JsonReply } from '@/lib/llm/service-prompt';
import { upstreamRetryPolicy } from '@/lib/llm/upstream-failure';

/** Who pays and what is checked: a step holds the job's lease; a chat revision has none. */
export interface CallScope {
  deps: PipelineDeps;
  model: ModelInfo;
  jobId: string;
  document: { id: string; ownerId: string; chatId: string | null };
  lease: JobLease | null;
  signal: AbortSignal;
}

export const stepScope = (ctx: StepContext): CallScope => ({
  deps: ctx.deps,
  model: ctx.model,
  jobId: ctx.lease.jobId,
  document: ctx.document,
  lease: ctx.lease,
  signal: ctx.signal,
});

export type PipelinePurpose = 'type' | 'plan' | 'questions' | 'research' | 'write' | 'summary' | 'revise' | 'rewrite';

export interface PipelineCall {
  /** the ledger entry's identity within the job: one entry per step unit */
  stepKey: string;
  purpose: PipelinePurpose;
  system: string;
  user: string;
  maxOutputTokens: number;
  /** sent as the provider's structured output; only for models whose catalog entry supports it */
  json?: JsonReply;
  /** the whole conversation instead of system + user (a continuation carries the cut reply and the request to go on) */
  messages?: ModelMessage[];
  /**
   * Research is not idempotent: a (section, round) whose entry already holds a
   * call that may have produced output (charged, still reserved, or refunded
   * because its worker died) was spent and its result lost, so it must not be
   * called again. Calls refunded for an upstream failure produced nothing.
   */
  oncePerStepKey?: boolean;
}

export interface PipelineCallResult {
  text: string;
  promptTokens: number;
  /** the provider's raw finish reason when it gave one, else the SDK's */
  finishReason: string;
  /** the output ceiling cut the reply (SDK `length` or a raw `max_tokens`): the text is not whole */
  cut: boolean;
}

/** The upstream call failed (HTTP error, broken stream): the step is retried with backoff. */
export class ModelCallError extends Error {
  constructor(
    purpose: string,
    detail: string,
    /** the same request would be refused again: the job fails now instead of spending attempts */
    readonly permanent = false,
    /** the provider asked for this much quiet first (Retry-After) */
    readonly retryAfterMs: number | null = null,
  ) {
    super(`The model call for ${purpose} failed: ${detail}`);
    this.name = 'ModelCallError';
  }
}

/** The call was stopped by cancel or a lost lease; `reason` says which. */
export class StepAbortedError extends Error {
  constructor(readonly reason: string) {
    super(`The step was stopped (${reason}).`);
    this.name = 'StepAbortedError';
  }
}

/** A research round's entry exists: that round was spent by a worker that died. */
export class StepKeyUsedError extends Error {
  constructor(readonly stepKey: string) {
    super(`The step ${stepKey} was already attempted.`);
    this.name = 'StepKeyUsedError';
  }
}

/**
 * One pipeline model call through the one billed call (lib/billing/billed-call.ts):
 * the reservation's short transaction also checks the fence, opens the step's
 * ledger entry and checks the job's budget. ONE call, no retries; no
 * transaction is open during the call.
 */
export async function callPipelineModel(ctx: StepContext, call: PipelineCall): Promise<PipelineCallResult> {
  return callModelBilled(stepScope(ctx), call);
}

/**
 * The room a step's reply gets. A reasoning model spends its output limit on thinking first (the step
 * ceilings are 200 to 800 tokens of visible text), so its ceiling is the step's plus a thinking budget,
 * within the model's own limit.
 */
export const THINKING_BUDGET_TOKENS = 2_048;
export function stepCeiling(model: ModelInfo, stepTokens: number): number {
  const wanted = model.reasoning ? stepTokens + Math.max(THINKING_BUDGET_TOKENS, stepTokens * 2) : stepTokens;
  return Math.min(wanted, model.maxOutputTokens);
}

export async function callModelBilled(ctx: CallScope, call: PipelineCall): Promise<PipelineCallResult> {
  const ceiling = stepCeiling(ctx.model, call.maxOutputTokens);
  let result = await callModelOnce(ctx, call, ceiling);
  if (thoughtOnly(result)) {
    // the whole limit went on thinking and no answer came: once more with twice the room (the same ledger
    // entry), where the model's limit leaves room and the step may be called again
    const roomier = Math.min(ceiling * 2, ctx.model.maxOutputTokens);
    if (roomier > ceiling && !call.oncePerStepKey) result = await callModelOnce(ctx, call, roomier);
    if (thoughtOnly(result))
      throw new ModelCallError(
        call.purpose,
        `the model spent its whole output limit (${Math.max(roomier, ceiling)} tokens) thinking and wrote no answer. Raise this model's maxOutputTokens, mark it as a reasoning model in the catalog, or pick another model.`,
        true,
      );
  }
  const { round } = result;
  return { text: round.text, promptTokens: result.promptTokens, finishReason: result.finishReason, cut: result.cut };
}

/** A reply cut by its limit with thinking and no text. */
function thoughtOnly(result: BilledCallResult): boolean {
  const { round } = result;
  return (
    result.cut && round.text.trim() === '' && round.toolCalls === 0 && (round.reasoning !== '' || (round.usage?.reasoningTokens ?? 0) > 0)
  );
}

async function callModelOnce(ctx: CallScope, call: PipelineCall, maxOutputTokens: number): Promise<BilledCallResult> {
  const { deps, lease, model, jobId } = ctx;
  const messages: ModelMessage[] = call.messages ?? [
    { role: 'system', content: call.system },
    { role: 'user', content: call.user },
  ];
  let result: BilledCallResult;
  try {
    result = await runBilledCall({
      db: deps.db,
      userId: ctx.document.ownerId,
      model,
      languageModel: deps.provider.chatModel(model.id),
      purpose: call.purpose,
      booking: {
        open: async (tx, reservedMicros) => {
          if (lease) await checkFence(tx, lease);
          const existing = await tx.ledgerEntry.findUnique({
            where: { jobId_stepKey: { jobId, stepKey: call.stepKey } },
            select: { id: true },
          });
          if (existing && call.oncePerStepKey && (await stepKeySpent(tx, existing.id))) throw new StepKeyUsedError(call.stepKey);
          const entryId =
            existing?.id ??
            (await openLedgerEntry(tx, {
              userId: ctx.document.ownerId,
              jobId,
              stepKey: call.stepKey,
              documentId: ctx.document.id,
              chatId: ctx.document.chatId ?? undefined,
            }));
          const seq = await tx.modelCall.count({ where: { entryId } });
          await assertWithinBudget(tx, jobId, reservedMicros);
          return { entryId, seq };
        },
      },
      messages,
      maxOutputTokens,
      json: call.json,
      abortSignal: ctx.signal,
      headers: { 'x-quire-job-id': jobId, 'x-quire-purpose': call.purpose },
      ids: { turnId: null, jobId },
      log: deps.log,
      onReserved: () => ctx.deps.crashPoint?.(`${call.purpose}:before-call`),
    });
  } finally {
    // the job's spent counter follows every settlement, and a refused reservation changes nothing
    await refreshJobSpent(deps.db, jobId);
  }
  ctx.deps.crashPoint?.(`${call.purpose}:after-call`);
  const { round } = result;
  if (round.aborted) throw new StepAbortedError(String(ctx.signal.reason ?? 'aborted'));
  if (result.failure) {
    const policy = upstreamRetryPolicy(round.error);
    throw new ModelCallError(call.purpose, result.failure, policy.permanent, policy.retryAfterMs);
  }
  return result;
}

/**
 * A billed call refunds an upstream failure only when nothing was produced, and
 * records its finish reason; a dead worker's refund (settleInterruptedCalls, the
 * reservation sweep) has none: its output may have existed and been lost.
 */
async function stepKeySpent(tx: Tx, entryId: string): Promise<boolean> {
  const spent = await tx.modelCall.count({ where: { entryId, OR: [{ status: { not: 'refunded' } }, { finishReason: null }] } });
  return spent > 0;
}
