import { UI_MESSAGE_STREAM_HEADERS, type InferUIMessageChunk } from 'ai';
import { describeInternalFailure } from '@/lib/llm/upstream-failure';
import { serverTiming } from '@/lib/ops/phase-clock';
import { createFrameWriter, FRAME_MS } from './batched-frames';
import { runRound } from './run-round';
import { runTurn } from './run-turn';
import type { PreparedTurn, TurnDeps, TurnOutcome, TurnSink } from './types';
import type { TurnDataParts } from './wire';
import type { ChatMessage, TurnMetadata } from './wire';

const TEXT_PART_ID = 'answer';

/**
 * Streams a prepared turn to the browser as the AI SDK UI message stream (SSE:
 * one `data: <UIMessageChunk JSON>` event per chunk, then `data: [DONE]`), which
 * `useChat` reads. Chunks are encoded straight into the response body, with
 * text coalesced into frames (frame-writer.ts): the SDK's createUIMessageStream
 * → JsonToSseTransformStream → TextEncoderStream chain would cost three more
 * stream hops per token, and tokens are the hot path when many chats stream at
 * once. The browser going away (the stop button aborts its fetch) cancels this
 * body or aborts the request: either way the turn's AbortController fires and
 * the upstream request is closed.
 */
export function streamTurnResponse(
  deps: TurnDeps,
  turn: PreparedTurn,
  request: Request,
  afterTurn?: (outcome: TurnOutcome) => void,
): Response {
  const clientGone = new AbortController();
  let cancelled = false;
  let writer: ReturnType<typeof createFrameWriter> | null = null;
  const leave = () => {
    writer?.close();
    clientGone.abort();
  };
  request.signal?.addEventListener('abort', leave);

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const frames = createFrameWriter((bytes) => controller.enqueue(bytes), TEXT_PART_ID);
      writer = frames;
      if (clientGone.signal.aborted) frames.close();
      const sink: TurnSink = {
        text: (delta) => frames.text(delta),
        // TypeScript cannot pair a generic name with its data inside the union of chunks; the sink's signature already did
        event: (name, data, id) => frames.chunk({ type: `data-${name}`, id, data } as InferUIMessageChunk<ChatMessage>),
        unwritten: () => frames.unwritten(),
      };
      frames.chunk({ type: 'start', messageId: turn.assistantMessageId, messageMetadata: startMetadata(turn) });
      frames.chunk({ type: 'text-start', id: TEXT_PART_ID });
      const running = turn.sides
        ? runRound(deps, turn, (answer) => (answer === turn ? sink : sideSink(frames, answer)), clientGone.signal).then(([first]) => first!)
        : runTurn(deps, turn, sink, clientGone.signal);
      void running
        .then((outcome) => {
          frames.chunk({ type: 'text-end', id: TEXT_PART_ID });
          frames.chunk({ type: 'finish' });
          afterTurn?.(outcome);
        })
        .catch((error: unknown) =>
          frames.chunk({ type: 'error', errorText: describeInternalFailure(error, { event: 'turn_stream_error', turnId: turn.turnId }) }),
        )
        .finally(() => {
          if (cancelled) return; // nothing more can be written to a cancelled body
          frames.done();
          frames.close();
          controller.close();
        });
    },
    cancel() {
      cancelled = true;
      leave();
    },
  });
  return new Response(body, {
    headers: { ...UI_MESSAGE_STREAM_HEADERS, 'x-turn-id': turn.turnId, 'server-timing': serverTiming(turn.phases) },
  });
}

function startMetadata(turn: PreparedTurn): TurnMetadata {
  const metadata = { turnId: turn.turnId, model: turn.model.id };
  if (!turn.sides) return metadata;
  return {
    ...metadata,
    sides: turn.sides.map((side) => ({ messageId: side.assistantMessageId, turnId: side.turnId, model: side.model.id })),
  };
}

/**
 * Where one of a side-by-side round's other answers goes: transient `data-side` parts in the first
 * answer's stream, each tagged with the answer's message id (the browser keeps them apart). Its text is
 * coalesced per display tick, as the first answer's is; text still held when the browser left was never
 * seen and is not saved as sent.
 */
function sideSink(frames: ReturnType<typeof createFrameWriter>, answer: PreparedTurn): TurnSink {
  const messageId = answer.assistantMessageId;
  let pending = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  const send = (data: TurnDataParts['side']) =>
    frames.chunk({ type: 'data-side', data, transient: true } as InferUIMessageChunk<ChatMessage>);
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending || frames.closed()) return;
    send({ messageId, text: pending });
    pending = '';
  };
  return {
    text(delta) {
      pending += delta;
      timer ??= setTimeout(flush, FRAME_MS);
    },
    event(name, data, id) {
      flush();
      if (name === 'side') return; // an answer's own parts only; a side answer has no sides
      send({ messageId, part: { name, data, ...(id === undefined ? {} : { id }) } });
    },
    unwritten: () => (frames.closed() ? pending : ''),
  };
}
