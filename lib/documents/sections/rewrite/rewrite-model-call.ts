import { InsufficientCreditsError } from '@/lib/billing/ledger';
import { formatUsd } from '@/lib/billing/pricing';
import { AppError } from '@/lib/errors';
import { BudgetExhaustedError } from '@/lib/documents/pipeline/jobs/job-budget';
import type { PipelineDeps } from '@/lib/documents/pipeline/pipeline-deps';
import { ModelCallError, StepAbortedError, type CallScope } from '@/lib/documents/pipeline/steps/call-model';
import { callForWholeText, type WholeText } from '@/lib/documents/pipeline/steps/call-whole-text';

export interface RewriteDocument {
  id: string;
  ownerId: string;
  chatId: string | null;
  model: string;
  job: { id: string } | null;
}

/**
 * Who pays for a rewrite: the document's owner, from the document's job
 * budget, like the chat's revise_section. No lease: a person's edit does not
 * hold the pipeline's job, the section's compare-and-set guards the write.
 */
export function rewriteScope(deps: PipelineDeps, document: RewriteDocument, signal: AbortSignal): CallScope {
  if (!document.job) throw new AppError('not_found', 'Document not found.');
  return {
    deps,
    model: deps.catalog.find(document.model) ?? deps.catalog.default,
    jobId: document.job.id,
    document,
    lease: null,
    signal,
  };
}

/**
 * The rewrite's billed call (continued like a draft when the output ceiling
 * cuts it); the pipeline's failures become errors a person can read (nothing
 * was changed by any of them). A reply still cut after the continuations is
 * refused: spliced in, it would truncate the person's text.
 */
export async function callRewriteModel(
  scope: CallScope,
  call: { stepKey: string; purpose: 'rewrite' | 'revise' },
  prompt: { system: string; user: string },
): Promise<string> {
  let reply: WholeText;
  try {
    reply = await callForWholeText(scope, { ...call, ...prompt, maxOutputTokens: scope.deps.maxOutputTokens });
  } catch (error) {
    throw asRewriteError(error);
  }
  if (reply.cut) {
    const advice = call.purpose === 'revise' ? 'ask for a shorter section' : 'select less text';
    throw new AppError(
      'unprocessable',
      `The rewrite came out longer than the model may write at once, even continued. Nothing was changed; ${advice}.`,
    );
  }
  return reply.text;
}

function asRewriteError(error: unknown): unknown {
  if (error instanceof InsufficientCreditsError) {
    return new AppError(
      'insufficient_credits',
      `Not enough credits for this rewrite: it may cost up to ${formatUsd(error.neededMicros)}, the document owner's wallet has ${formatUsd(error.balanceMicros)}. Nothing was changed.`,
    );
  }
  if (error instanceof BudgetExhaustedError) {
    const left = error.leftMicros < 0n ? 0n : error.leftMicros;
    return new AppError(
      'payment_required',
      `The document's budget is used up: this rewrite may cost up to ${formatUsd(error.neededMicros)}, ${formatUsd(left)} is left. Raise the budget to rewrite. Nothing was changed.`,
    );
  }
  if (error instanceof ModelCallError)
    return new AppError('upstream_error', 'The model could not rewrite the text just now. Nothing was changed; try again.');
  if (error instanceof StepAbortedError) return new AppError('bad_request', 'The rewrite was cancelled. Nothing was changed.');
  return error;
}
