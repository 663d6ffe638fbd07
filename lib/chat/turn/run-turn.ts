import type { ModelMessage } from 'ai';
import { createStreamingMerge } from '@/lib/llm/continuation/streaming-merge';
import { runBilledCall, type BilledCallResult } from '@/lib/billing/billed-call';
import { InsufficientCreditsError } from '@/lib/billing/ledger';
import { continuationRequest, MAX_CONTINUATIONS } from '@/lib/llm/prompts/continue-answer';
import { countError, metrics } from '@/lib/ops/metrics';
import { cleanText } from '@/lib/text/clean-text';
import { logError } from '@/lib/log';
import { finishTurn } from './finish-turn';
import { beatLiveTurn, LIVE_TURN_BEAT_MS } from './live-turn-lock';
import { describeInternalFailure } from '@/lib/llm/upstream-failure';
import { MAX_TOOL_CALLS_PER_ROUND } from '@/lib/llm/stream-round';
import { citationsOf } from './tool-citations';
import { shownToolResult } from '@/lib/llm/round-tools';
import type { PreparedTurn, TurnDeps, TurnOutcome, TurnSink } from './types';
import type { ToolCallData } from './wire';

export const MAX_TOOL_ROUNDS = 5;
/** Tools one answer may run in all its rounds: each may write (a fact, a document), and a model can loop. */
export const MAX_TOOL_CALLS_PER_TURN = 8;
/** How much of a tool's result is shown under the answer (and kept with it); the model reads its own, larger cut. */
export const TOOL_RESULT_SHOWN_CHARS = 1_500;
/**
 * How long an answer's closing bookkeeping (its last settlement, saving it) may wait for a burst's
 * preparations: the person has the whole text by then, while the people behind them in the burst
 * wait for their first token (admission.ts).
 */
const BOOKKEEPING_WAIT_MS = 250;

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
  const unregister = deps.stopBus.register(
    { chatId: turn.chatId, turnId: turn.turnId, messageId: turn.assistantMessageId, lockId: turn.round?.lockId },
    (reason) => abort.abort(reason),
  );
  metrics().activeStreams.inc();
  const onClientGone = () => abort.abort('client_gone');
  clientSignal?.addEventListener('abort', onClientGone);
  if (clientSignal?.aborted) abort.abort('client_gone');
  const timer = setTimeout(() => abort.abort('time_limit'), deps.wallClockMs);

  const admission = deps.admission;
  const whenIdle = admission ? () => admission.idle(BOOKKEEPING_WAIT_MS) : undefined;
  let shown = turn.initialText; // exactly what the browser has been sent, plus what it had before
  // an answer's time to its first word, compared between side-by-side answers; a Continue keeps the first one's
  const startedAt = turn.mode === 'continue' ? null : performance.now();
  const emit = (delta: string) => {
    if (!delta) return;
    if (startedAt !== null && outcome.firstTokenMs === undefined) outcome.firstTokenMs = Math.round(performance.now() - startedAt);
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
    tools: [...(turn.resumed?.tools ?? [])],
    citations: citationsOf(turn.resumed?.toolRounds ?? []),
  };
  // the tool rounds of this answer, the resumed ones first: what a Retry after a failure picks up from
  const toolRounds: ModelMessage[] = [...(turn.resumed?.toolRounds ?? [])];
  // this turn's calls by id, for their results; a result that comes after the turn ended is not sent
  const callsById = new Map<string, ToolCallData>();
  let ended = false;
  // what the person has really received: a batching sink may still hold the end of `shown`
  const received = () => {
    const unwritten = sink.unwritten?.() ?? '';
    return unwritten && shown.endsWith(unwritten) ? shown.slice(0, -unwritten.length) : shown;
  };
  const stopBeating = startBeating(deps, turn, received);
  let messages: ModelMessage[] = turn.messages;
  let seq = 0;
  // continuing an answer stopped before its first word is simply answering again
  let purpose: Purpose = turn.mode === 'continue' && turn.initialText.trim() ? 'continuation' : 'answer';
  let roundsWithText = 0;
  let toolRoundCount = 0;
  let autoContinuations = 0;

  try {
    for (;;) {
      if (purpose === 'continuation') messages = [...turn.messages, ...continuationRequest(shown)];
      const merge = purpose === 'continuation' ? createStreamingMerge(shown) : null;
      const textBefore = shown;
      const lengthBefore = shown.length;
      let roundHasText = false;
      let call: BilledCallResult;
      try {
        call = await runBilledCall({
          db: deps.db,
          userId: turn.userId,
          model: turn.model,
          languageModel: deps.provider.chatModel(turn.model.id),
          purpose,
          // the first call was reserved with the turn's rows, in the statement that opened the turn
          booking: seq === 0 ? { reserved: turn.firstCall.slot } : { open: async () => ({ entryId: turn.entryId, seq }) },
          messages,
          tools: turn.tools,
          toolsJson: turn.toolsJson,
          maxOutputTokens: turn.model.maxOutputTokens,
          abortSignal: abort.signal,
          headers: { 'x-quire-turn-id': turn.turnId },
          ids: { turnId: turn.turnId, jobId: null },
          log: deps.log,
          onText: (delta) => {
            if (merge) return emit(merge.push(delta));
            if (!roundHasText && delta) {
              roundHasText = true;
              // a later round's text is a new paragraph, not glued to the earlier round's
              if (roundsWithText > 0 && !shown.endsWith('\n\n')) emit(shown.endsWith('\n') ? '\n' : '\n\n');
            }
            emit(delta);
          },
          settleWhenIdle: whenIdle,
          maxToolCalls: Math.min(MAX_TOOL_CALLS_PER_ROUND, MAX_TOOL_CALLS_PER_TURN - outcome.tools.length),
          onToolCall: (name, input, id) => {
            const call: ToolCallData = { name, input };
            callsById.set(id, call);
            outcome.tools.push(call);
            sink.event('tool', call, id);
          },
          onToolResult: (id, output, ms) => {
            const call = callsById.get(id);
            if (!call || ended) return;
            Object.assign(call, shownToolResult(output, TOOL_RESULT_SHOWN_CHARS), { ms });
            sink.event('tool', call, id);
          },
        });
      } catch (error) {
        if (!(error instanceof InsufficientCreditsError)) throw error;
        Object.assign(outcome, { status: 'truncated', reason: error.message });
        sink.event('notice', { code: 'out_of_credits', message: error.message });
        break;
      }
      outcome.calls++;
      const { round, failure } = call;
      deps.onRound?.({ turnId: turn.turnId, seq, purpose, rawText: round.text, textBefore });
      if (merge && !round.aborted && !round.error) emit(merge.end());
      if (round.text.trim()) roundsWithText++;
      outcome.finishReason = call.finishReason;
      outcome.costMicros += call.chargedMicros ?? 0n;
      if (purpose === 'continuation') outcome.continuations++;

      if (round.aborted) {
        Object.assign(outcome, { status: 'stopped', reason: stopReason() });
        break;
      }
      if (failure) {
        Object.assign(outcome, { status: 'error', reason: failure });
        break;
      }
      if (round.toolCalls > 0 && round.responseMessages.length > 0 && toolRoundCount < MAX_TOOL_ROUNDS) {
        toolRoundCount++;
        toolRounds.push(...round.responseMessages);
        const citations = citationsOf(round.responseMessages);
        if (citations.length > 0) {
          outcome.citations.push(...citations);
          sink.event('citations', { citations });
        }
        messages = [...messages, ...round.responseMessages];
        turn.messages = messages;
        purpose = 'tool_round';
        seq++;
        continue;
      }
      if (call.cut) {
        const addedNothing = purpose === 'continuation' && shown.length === lengthBefore;
        if (addedNothing || autoContinuations >= MAX_CONTINUATIONS) {
          Object.assign(outcome, {
            status: 'truncated',
            reason: addedNothing ? 'the continuation added no text' : 'continuation limit reached',
          });
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
    ended = true;
    clearTimeout(timer);
    clientSignal?.removeEventListener('abort', onClientGone);
    try {
      await stopBeating();
      // the saved answer is what the person was sent: text a batching sink still held when they left is not
      outcome.text = received();
      if (outcome.status === 'error' && toolRounds.length > 0) outcome.toolRounds = toolRounds;
      await whenIdle?.();
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

/**
 * The turn's heartbeat (live-turn-lock.ts): every LIVE_TURN_BEAT_MS its lock is
 * renewed and the text received so far saved, when it changed. Beats never
 * overlap, and the last one is awaited before the answer is saved for good, so a
 * late beat cannot write over the final text. A failed beat is logged; the next
 * one tries again.
 */
function startBeating(deps: TurnDeps, turn: PreparedTurn, received: () => string): () => Promise<void> {
  let saved = turn.initialText;
  let running: Promise<void> | null = null;
  let stopped = false;
  const beat = async () => {
    const text = received();
    const changed = text !== saved;
    try {
      await beatLiveTurn(deps.db, {
        chatId: turn.chatId,
        turnId: turn.turnId,
        messageId: turn.assistantMessageId,
        lockId: turn.round?.lockId,
        text: changed ? cleanText(text) : undefined,
        now: deps.now?.() ?? new Date(),
      });
      if (changed) saved = text;
    } catch (error) {
      logError({ event: 'turn_beat_error', turnId: turn.turnId, error });
    }
  };
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = beat().finally(() => {
      running = null;
    });
  }, LIVE_TURN_BEAT_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
