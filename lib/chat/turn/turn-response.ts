import { UI_MESSAGE_STREAM_HEADERS, type InferUIMessageChunk } from 'ai';
import { describeInternalFailure } from '@/lib/llm/upstream-failure';
import { serverTiming } from '@/lib/ops/phase-clock';
import { createFrameWriter } from './batched-frames';
import { runTurn } from './run-turn';
import type { PreparedTurn, TurnDeps, TurnOutcome, TurnSink } from './types';
import type { ChatMessage } from './wire';

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
      frames.chunk({ type: 'start', messageId: turn.assistantMessageId, messageMetadata: { turnId: turn.turnId, model: turn.model.id } });
      frames.chunk({ type: 'text-start', id: TEXT_PART_ID });
      void runTurn(deps, turn, sink, clientGone.signal)
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
