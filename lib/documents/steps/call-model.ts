import type { ModelMessage } from 'ai';
import { openLedgerEntry, reserveCall, settleCall } from '@/lib/billing/ledger';
import { costMicros, maxCallCostMicros } from '@/lib/billing/pricing';
import { countPromptTokens, countTokens } from '@/lib/billing/tokens';
import { streamRound } from '@/lib/chat/turn/stream-round';
import { crashPoint } from '../jobs/crash-point';
import { checkFence } from '../jobs/fence';
import { assertWithinBudget, refreshJobSpent } from '../jobs/job-budget';
import type { JobLease } from '../jobs/job-lease';
import type { PipelineDeps } from '../pipeline-deps';
import type { ModelInfo } from '@/lib/llm/catalog';
import type { StepContext } from './step-context';
import { describeUpstreamFailure } from '@/lib/llm/upstream-failure';
import type { JsonReply } from '@/lib/llm/service-prompt';

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
  /**
   * Research is not idempotent: a (section, round) whose entry already exists
   * was called before and its result lost, so it must not be called again.
   */
  oncePerStepKey?: boolean;
}

export interface PipelineCallResult {
  text: string;
  promptTokens: number;
  finishReason: string;
}

/** The upstream call failed (HTTP error, broken stream): the step is retried with backoff. */
export class ModelCallError extends Error {
  constructor(purpose: string, detail: string) {
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
 * One pipeline model call, billed like a chat call: reserve the worst case in
 * a short fenced transaction (budget and wallet checked there), stream ONE
 * call with no retries, settle what it really cost whatever ended it. No
 * transaction is open during the call.
 */
export async function callPipelineModel(ctx: StepContext, call: PipelineCall): Promise<PipelineCallResult> {
  return callModelBilled(stepScope(ctx), call);
}

export async function callModelBilled(ctx: CallScope, call: PipelineCall): Promise<PipelineCallResult> {
  const { deps, lease, model, jobId } = ctx;
  const messages: ModelMessage[] = [
    { role: 'system', content: call.system },
    { role: 'user', content: call.user },
  ];
  const promptTokens = countPromptTokens(messages);
  const outputCap = Math.min(call.maxOutputTokens, model.maxOutputTokens);
  const reservedMicros = maxCallCostMicros(model, promptTokens, outputCap);
  const { entryId, seq } = await deps.db.$transaction(async (tx) => {
    if (lease) await checkFence(tx, lease);
    const existing = await tx.ledgerEntry.findUnique({ where: { jobId_stepKey: { jobId, stepKey: call.stepKey } }, select: { id: true } });
    if (existing && call.oncePerStepKey) throw new StepKeyUsedError(call.stepKey);
    const entryId =
      existing?.id ??
      (await openLedgerEntry(tx, { userId: ctx.document.ownerId, jobId, stepKey: call.stepKey, documentId: ctx.document.id, chatId: ctx.document.chatId ?? undefined }));
    const nextSeq = await tx.modelCall.count({ where: { entryId } });
    await assertWithinBudget(tx, jobId, reservedMicros);
    await reserveCall(tx, { entryId, userId: ctx.document.ownerId, seq: nextSeq, model: model.id, purpose: call.purpose, reservedMicros });
    return { entryId, seq: nextSeq };
  });

  deps.log({ event: 'model_call', turnId: null, jobId, callId: `${entryId}:${seq}`, model: model.id, purpose: call.purpose });
  crashPoint(`${call.purpose}:before-call`);
  const round = await streamRound({
    model: deps.provider.chatModel(model.id),
    messages,
    maxOutputTokens: outputCap,
    abortSignal: ctx.signal,
    headers: { 'x-quire-job-id': jobId, 'x-quire-purpose': call.purpose },
    onText: () => undefined,
    json: call.json,
  });
  const failed = Boolean(round.error) && !round.aborted;
  const failure = failed ? describeUpstreamFailure(round.error, { jobId, callId: `${entryId}:${seq}` }) : null;
  // A stopped stream was still generated up to the stop: estimate it, as the chat does.
  const usage = round.usage ?? { inputTokens: promptTokens, outputTokens: countTokens(round.text), reasoningTokens: 0 };
  await settleCall(deps.db, {
    entryId,
    seq,
    usage,
    estimated: round.usage === null,
    costMicros: costMicros(model, usage),
    finishReason: round.aborted ? 'aborted' : round.finishReason,
    refund: failed,
    error: failure ?? (round.aborted ? String(ctx.signal.reason ?? 'aborted') : null),
  });
  await refreshJobSpent(deps.db, jobId);
  crashPoint(`${call.purpose}:after-call`);
  if (round.aborted) throw new StepAbortedError(String(ctx.signal.reason ?? 'aborted'));
  if (failure) throw new ModelCallError(call.purpose, failure);
  return { text: round.text, promptTokens, finishReason: round.finishReason };
}

