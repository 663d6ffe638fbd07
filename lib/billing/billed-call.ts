import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { ModelMessage, ToolSet } from 'ai';
import type { Db, Tx } from '@/lib/db/client';
import type { ModelInfo } from '@/lib/llm/catalog';
import type { JsonReply } from '@/lib/llm/service-prompt';
import { streamRound, wasCutByLength, type RoundRequest, type RoundResult } from '@/lib/llm/stream-round';
import { describeUpstreamFailure } from '@/lib/llm/upstream-failure';
import { logDatabaseWait, whenDatabaseReachable } from '@/lib/db/unreachable';
import { logEvent } from '@/lib/log';
import { openEntryWithReservedCall, reserveCall, settleCall, type EntryOwner, type EntryReservation } from './ledger';
import { costMicros, maxCallCostMicros } from './pricing';
import { countPromptTokens } from './tokens';
import { estimateUsage } from './usage-estimate';

/** Where a call is booked: its ledger entry and its place in that entry. */
export interface CallRef {
  entryId: string;
  seq: number;
}

declare const reservedByBilling: unique symbol;
/** A call already reserved; only openRowsWithReservedCall makes one, so no caller books a call it reserved itself. */
export type BookedCall = CallRef & { readonly [reservedByBilling]: true };

/**
 * How the call gets its reservation: `reserved` when openRowsWithReservedCall
 * already reserved it with its owner's rows (a chat turn's first call), else
 * `open` runs inside the reservation's transaction (fence, ledger entry, budget
 * checks) and returns the slot to reserve; a throw there rolls it all back.
 */
export type CallBooking = { reserved: BookedCall } | { open: (tx: Tx, reservedMicros: bigint) => Promise<CallRef> };

export interface BilledCallRequest {
  db: Db;
  /** whose wallet pays */
  userId: string;
  model: ModelInfo;
  languageModel: LanguageModelV3;
  purpose: string;
  booking: CallBooking;
  messages: ModelMessage[];
  tools?: ToolSet;
  /** the tools' JSON as sent, counted in the prompt */
  toolsJson?: string;
  maxOutputTokens: number;
  /** sent as the provider's structured output; only for models whose catalog entry supports it */
  json?: JsonReply;
  abortSignal: AbortSignal;
  headers: Record<string, string>;
  /** the ids the `model_call` log line and an upstream failure's log carry */
  ids: { turnId: string | null; jobId: string | null };
  log?: (line: Record<string, unknown>) => void;
  /** after the reservation, before the stream (crash-recovery tests die here) */
  onReserved?: (slot: CallRef) => void;
  onText?: (delta: string) => void;
  onToolCall?: RoundRequest['onToolCall'];
  onToolResult?: RoundRequest['onToolResult'];
  /** tool calls this call may run (stream-round.ts); the rest are answered "not run" */
  maxToolCalls?: number;
  /**
   * Awaited before settling a call that asked for no further round (no tool call, not cut by the
   * output ceiling): nobody waits on that settlement, so a chat turn lets a burst's first tokens go first.
   */
  settleWhenIdle?: () => Promise<void>;
}

export interface BilledCallResult extends CallRef {
  round: RoundResult;
  callId: string;
  promptTokens: number;
  /** what was charged (0n when refunded), null when the settlement found the call already settled */
  chargedMicros: bigint | null;
  /** what the person is told about an upstream failure (null when there was none) */
  failure: string | null;
  /** the output ceiling cut the reply: the SDK's `length` or the provider's raw `length`/`max_tokens` */
  cut: boolean;
  /** the provider's raw reason when it gave one, else the SDK's */
  finishReason: string;
}

/**
 * ONE billed model call, the only place that reserves and settles:
 * reserve the worst case (prompt + the whole output ceiling, reasoning included)
 * in one short transaction, log one `model_call` line, stream, then settle in
 * `finally` whatever ended the stream. The policy, the same for the chat,
 * summaries and the document pipeline:
 * - reported usage is charged as reported;
 * - a stream with no usage report (stopped, aborted, broken mid-way) is charged
 *   for what was produced, estimated (`estimateUsage`: reasoning included, hidden
 *   reasoning of a `reasoning` model too) and marked estimated;
 * - an upstream error that produced nothing (no text, reasoning or tool call)
 *   is refunded.
 * Throws only from the reservation (e.g. InsufficientCreditsError, or whatever `open` throws).
 */
export async function runBilledCall(req: BilledCallRequest): Promise<BilledCallResult> {
  const promptTokens = countPromptTokens(req.messages, req.toolsJson);
  const slot = await reserve(req, promptTokens);
  const callId = `${req.ids.turnId ?? slot.entryId}:${slot.seq}`;
  req.log?.({ event: 'model_call', turnId: req.ids.turnId, jobId: req.ids.jobId, callId, model: req.model.id, purpose: req.purpose });
  let round: RoundResult | null = null;
  let failure: string | null = null;
  let chargedMicros: bigint | null = null;
  try {
    req.onReserved?.(slot);
    round = await streamRound({
      model: req.languageModel,
      messages: req.messages,
      tools: req.tools,
      maxOutputTokens: req.maxOutputTokens,
      json: req.json,
      abortSignal: req.abortSignal,
      headers: req.headers,
      onText: req.onText ?? (() => undefined),
      onToolCall: req.onToolCall,
      onToolResult: req.onToolResult,
      maxToolCalls: req.maxToolCalls,
    });
    if (round.error && !round.aborted) failure = describeUpstreamFailure(round.error, { ...req.ids, callId });
  } finally {
    if (req.settleWhenIdle && !(round && (round.toolCalls > 0 || wasCutByLength(round)))) await req.settleWhenIdle();
    chargedMicros = await settle(req, slot, promptTokens, round, failure);
  }
  return {
    ...slot,
    round,
    callId,
    promptTokens,
    chargedMicros,
    failure,
    cut: wasCutByLength(round),
    finishReason: round.rawFinishReason ?? round.finishReason,
  };
}

/** The call a statement reserves while it opens its owner's rows: what runBilledCall prices, and where the rows go. */
export interface RowsWithReservedCall
  extends Pick<BilledCallRequest, 'userId' | 'model' | 'purpose' | 'messages' | 'toolsJson' | 'maxOutputTokens'> {
  db: Db | Tx;
  /** the ledger entry the statement opens; the call is its first (seq 0) */
  entry: Omit<EntryOwner, 'userId'> & { id: string; at: Date };
  /** the owner's writes, as named CTEs that each select from (or test for) the `entry` CTE */
  rows: EntryReservation['rows'];
}

export interface ReservedCall {
  slot: BookedCall;
  reservedMicros: bigint;
}

/**
 * Reserves a call in the same statement that writes its owner's rows (a chat turn's first call:
 * the question, the streaming answer and the reopened chat go with it, one round trip on the hot
 * path of every message). The worst case is priced by runBilledCall's own rule; when the balance
 * does not cover it nothing is written and InsufficientCreditsError is thrown. Hand the returned
 * slot to runBilledCall as `booking: { reserved }`: it streams and settles the call as any other.
 */
export async function openRowsWithReservedCall(req: RowsWithReservedCall): Promise<ReservedCall> {
  const reservedMicros = maxCallCostMicros(req.model, countPromptTokens(req.messages, req.toolsJson), req.maxOutputTokens);
  const seq = 0;
  await openEntryWithReservedCall(req.db, {
    entry: { ...req.entry, userId: req.userId },
    call: { seq, model: req.model.id, purpose: req.purpose, reservedMicros },
    rows: req.rows,
  });
  return { slot: { entryId: req.entry.id, seq } as BookedCall, reservedMicros };
}

async function reserve(req: BilledCallRequest, promptTokens: number): Promise<CallRef> {
  if ('reserved' in req.booking) return req.booking.reserved;
  const open = req.booking.open;
  const reservedMicros = maxCallCostMicros(req.model, promptTokens, req.maxOutputTokens);
  return req.db.$transaction(async (tx) => {
    const slot = await open(tx, reservedMicros);
    await reserveCall(tx, { ...slot, userId: req.userId, model: req.model.id, purpose: req.purpose, reservedMicros });
    return slot;
  });
}

/** The policy above, applied; `round` is null only when something on our side threw before the stream ended. */
async function settle(
  req: BilledCallRequest,
  slot: CallRef,
  promptTokens: number,
  round: RoundResult | null,
  failure: string | null,
): Promise<bigint | null> {
  const produced = !!round && (round.text !== '' || round.reasoning !== '' || round.toolCalls > 0);
  const refund = !produced && (failure !== null || round === null);
  const usage =
    round?.usage ??
    estimateUsage(req.model, {
      promptTokens,
      text: round?.text ?? '',
      reasoning: round?.reasoning ?? '',
      maxOutputTokens: req.maxOutputTokens,
    });
  const settlement = {
    ...slot,
    usage,
    estimated: !round?.usage,
    costMicros: refund ? 0n : costMicros(req.model, usage),
    finishReason: !round ? null : round.aborted ? 'aborted' : (round.rawFinishReason ?? round.finishReason),
    refund,
    error:
      failure ?? (round?.aborted ? String(req.abortSignal.reason ?? 'aborted') : round === null ? 'the call failed on our side' : null),
  };
  // the model has been paid for and its text shown: a database restarting or out of reach is waited for, not
  // left holding the reservation (settleCall does nothing to a call already settled, so a repeat is harmless)
  return whenDatabaseReachable(() => settleCall(req.db, settlement), {
    onWait: logDatabaseWait(req.log ?? logEvent, 'settle_call', { turnId: req.ids.turnId, jobId: req.ids.jobId }),
  });
}
