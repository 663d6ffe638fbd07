import type { ModelMessage } from 'ai';
import { createStreamingMerge } from '@/lib/chat/continuation/streaming-merge';
import { InsufficientCreditsError, reserveCall, settleCall } from '@/lib/billing/ledger';
import { costMicros, maxCallCostMicros } from '@/lib/billing/pricing';
import { countPromptTokens, countTokens } from '@/lib/billing/tokens';
import { continuationRequest } from '@/lib/llm/prompts/continue-answer';
import { streamRound, wasCutByLength, type RoundResult } from './stream-round';
import { countError, metrics } from '@/lib/ops/metrics';
import { finishTurn } from './finish-turn';
import { describeInternalFailure, describeUpstreamFailure } from '@/lib/llm/upstream-failure';
import { logError } from '@/lib/log';
import type { PreparedTurn, TurnDeps, TurnOutcome, TurnSink } from './types';

export const MAX_CONTINUATIONS = 4;
export const MAX_TOOL_ROUNDS = 5;

type Purpose = 'answer' | 'tool_round' | 'continuation';

/**
 * Runs a prepared turn: one streamed upstream call per round, tool rounds and
 * automatic continuations appended to ONE assistant message. Whatever ends the
 * turn (done, upstream error, client gone, stop, time cap), the `finally` saves
 * the text the browser was sent, settles every call, and frees the chat.
 */
export async function runTurn(deps: TurnDeps, turn: PreparedTurn, sink: TurnSink, clientSignal?: AbortSignal): Promise<TurnOutcome> {
  const abort = new AbortController();
  const stopReason = () => String(abort.signal.reason ?? 'stopped');
  const unregister = deps.stopBus.register({ chatId: turn.chatId, turnId: turn.turnId }, (reason) => abort.abort(reason));
  metrics().activeStreams.inc();
  const onClientGone = () => abort.abort('client_gone');
  clientSignal?.addEventListener('abort', onClientGone);
  if (clientSignal?.aborted) abort.abort('client_gone');
  const timer = setTimeout(() => abort.abort('time_limit'), deps.wallClockMs);

  let shown = turn.initialText; // exactly what the browser has been sent, plus what it had before
  const emit = (delta: string) => {
    if (!delta) return;
    shown += delta;
    sink.text(delta);
  };
  const outcome: TurnOutcome = {
    status: 'complete',
    text: '',
    finishReason: null,
    continuations: turn.initialContinuations,
    calls: 0,
    costMicros: 0n,
    tools: [],
  };
  let messages: ModelMessage[] = turn.messages;
  let seq = 0;
  // continuing an answer stopped before its first word is simply answering again
  let purpose: Purpose = turn.mode === 'continue' && turn.initialText.trim() ? 'continuation' : 'answer';
  let open: OpenCall | null = null;
  let roundsWithText = 0;
  let toolRounds = 0;
  let autoContinuations = 0;

  try {
    for (;;) {
      if (purpose === 'continuation') messages = [...turn.messages, continuationRequest(shown)];
      const promptTokens = countPromptTokens(messages, turn.toolsJson);
      if (seq > 0) {
        try {
          await deps.db.$transaction((tx) =>
            reserveCall(tx, {
              entryId: turn.entryId,
              userId: turn.userId,
              seq,
              model: turn.model.id,
              purpose,
              reservedMicros: maxCallCostMicros(turn.model, promptTokens, turn.model.maxOutputTokens),
            }),
          );
        } catch (error) {
          if (!(error instanceof InsufficientCreditsError)) throw error;
          Object.assign(outcome, { status: 'truncated', reason: error.message });
          sink.event('notice', { code: 'out_of_credits', message: error.message });
          break;
        }
      }
      open = { seq, promptTokens, round: null, failure: null };
      outcome.calls++;
      deps.log?.({ event: 'model_call', turnId: turn.turnId, jobId: null, callId: `${turn.turnId}:${seq}`, model: turn.model.id, purpose });

      const merge = purpose === 'continuation' ? createStreamingMerge(shown) : null;
      const textBefore = shown;
      const lengthBefore = shown.length;
      let roundHasText = false;
      const round = await streamRound({
        model: deps.provider.chatModel(turn.model.id),
        messages,
        tools: turn.tools,
        maxOutputTokens: turn.model.maxOutputTokens,
        abortSignal: abort.signal,
        headers: { 'x-quire-turn-id': turn.turnId },
        onText: (delta) => {
          if (merge) return emit(merge.push(delta));
          if (!roundHasText && delta) {
            roundHasText = true;
            // a later round's text is a new paragraph, not glued to the earlier round's
            if (roundsWithText > 0 && !shown.endsWith('\n\n')) emit(shown.endsWith('\n') ? '\n' : '\n\n');
          }
          emit(delta);
        },
        onToolCall: (name, input) => {
          outcome.tools.push({ name, input });
          sink.event('tool', { name, input });
        },
      });
      open.round = round;
      if (round.error && !round.aborted) open.failure = describeUpstreamFailure(round.error, { turnId: turn.turnId, callId: `${turn.turnId}:${seq}` });
      const failure = open.failure;
      deps.onRound?.({ turnId: turn.turnId, seq, purpose, rawText: round.text, textBefore });
      if (merge && !round.aborted && !round.error) emit(merge.end());
      if (round.text.trim()) roundsWithText++;
      outcome.finishReason = round.rawFinishReason ?? round.finishReason;
      outcome.costMicros += (await settleRound(deps, turn, open)) ?? 0n;
      open = null;
      if (purpose === 'continuation') outcome.continuations++;

      if (round.aborted) {
        Object.assign(outcome, { status: 'stopped', reason: stopReason() });
        break;
      }
      if (failure) {
        Object.assign(outcome, { status: 'error', reason: failure });
        break;
      }
      if (round.toolCalls > 0 && round.responseMessages.length > 0 && toolRounds < MAX_TOOL_ROUNDS) {
        toolRounds++;
        messages = [...messages, ...round.responseMessages];
        turn.messages = messages;
        purpose = 'tool_round';
        seq++;
        continue;
      }
      if (wasCutByLength(round)) {
        const addedNothing = purpose === 'continuation' && shown.length === lengthBefore;
        if (addedNothing || autoContinuations >= MAX_CONTINUATIONS) {
          Object.assign(outcome, { status: 'truncated', reason: addedNothing ? 'the continuation added no text' : 'continuation limit reached' });
          break;
        }
        autoContinuations++;
        purpose = 'continuation';
        seq++;
        continue;
      }
      break;
    }
  } catch (error) {
    Object.assign(outcome, { status: 'error', reason: describeInternalFailure(error, { event: 'turn_error', turnId: turn.turnId }) });
  } finally {
    clearTimeout(timer);
    clientSignal?.removeEventListener('abort', onClientGone);
    try {
      if (open) outcome.costMicros += (await settleRound(deps, turn, open).catch(logSettleError(turn))) ?? 0n;
      // the saved answer is what the person was sent: text a batching sink still held when they left is not
      const unwritten = sink.unwritten?.() ?? '';
      outcome.text = unwritten && shown.endsWith(unwritten) ? shown.slice(0, -unwritten.length) : shown;
      await finishTurn(deps, turn, outcome);
    } finally {
      // only now: a shutdown waits for this, so the answer is saved before the database closes
      unregister();
      metrics().activeStreams.dec();
      metrics().turns.inc({ status: outcome.status });
      if (outcome.status === 'error') countError('turn');
    }
  }
  if (outcome.status === 'error') sink.event('error', { message: outcome.reason ?? 'The model failed.' });
  sink.event('turn', {
    status: outcome.status,
    continuations: outcome.continuations,
    costMicros: Number(outcome.costMicros),
    reason: outcome.reason ?? null,
  });
  return outcome;
}

/** A call that was reserved and not yet settled; `failure` is what the person is told when it failed upstream. */
interface OpenCall {
  seq: number;
  promptTokens: number;
  round: RoundResult | null;
  failure: string | null;
}

/** Charges what the provider reported, or an estimate when it never did; refunds a failed call. */
async function settleRound(deps: TurnDeps, turn: PreparedTurn, open: OpenCall): Promise<bigint | null> {
  const round = open.round;
  const failed = !!round?.error && !round.aborted;
  const usage = round?.usage ?? {
    inputTokens: open.promptTokens,
    outputTokens: countTokens((round?.reasoning ?? '') + (round?.text ?? '')),
    reasoningTokens: countTokens(round?.reasoning ?? ''),
  };
  return settleCall(deps.db, {
    entryId: turn.entryId,
    seq: open.seq,
    usage,
    estimated: !round?.usage,
    costMicros: failed ? 0n : costMicros(turn.model, usage),
    finishReason: round ? (round.rawFinishReason ?? round.finishReason) : null,
    refund: failed,
    error: failed ? open.failure : null,
  });
}

function logSettleError(turn: PreparedTurn) {
  return (error: unknown) => {
    logError({ event: 'settle_error', turnId: turn.turnId, error });
    return null;
  };
}

