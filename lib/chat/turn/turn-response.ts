import { UI_MESSAGE_STREAM_HEADERS, type InferUIMessageChunk } from 'ai';
import { describeInternalFailure } from '@/lib/llm/upstream-failure';
import { runTurn } from './run-turn';
import type { PreparedTurn, TurnDeps, TurnOutcome, TurnSink } from './types';
import type { ChatMessage } from './wire';

const TEXT_PART_ID = 'answer';

/**
 * Streams a prepared turn to the browser as the AI SDK UI message stream (SSE:
 * one `data: <UIMessageChunk JSON>` event per chunk, then `data: [DONE]`), which
 * `useChat` reads. Each chunk is encoded straight into the response body: the
 * SDK's createUIMessageStream → JsonToSseTransformStream → TextEncoderStream chain
 * costs three more stream hops per token, and tokens are the hot path when many
 * chats stream at once. The browser going away (the stop button aborts its
 * fetch) cancels this body or aborts the request: either way the turn's
 * AbortController fires and the upstream request is closed.
 */
export function streamTurnResponse(
  deps: TurnDeps,
  turn: PreparedTurn,
  request: Request,
  afterTurn?: (outcome: TurnOutcome) => void,
): Response {
  const clientGone = new AbortController();
  request.signal?.addEventListener('abort', () => clientGone.abort());
  const encoder = new TextEncoder();
  let open = true;

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const sendRaw = (event: string) => {
        if (!open) return; // the browser is gone; the turn goes on to its finally and saves what was sent
        controller.enqueue(encoder.encode(`data: ${event}\n\n`));
      };
      const send = (chunk: InferUIMessageChunk<ChatMessage>) => sendRaw(JSON.stringify(chunk));
      const sink: TurnSink = {
        text: (delta) => send({ type: 'text-delta', id: TEXT_PART_ID, delta }),
        // TypeScript cannot pair a generic name with its data inside the union of chunks; the sink's signature already did
        event: (name, data) => send({ type: `data-${name}`, data } as InferUIMessageChunk<ChatMessage>),
      };
      send({ type: 'start', messageId: turn.assistantMessageId, messageMetadata: { turnId: turn.turnId, model: turn.model.id } });
      send({ type: 'text-start', id: TEXT_PART_ID });
      void runTurn(deps, turn, sink, clientGone.signal)
        .then((outcome) => {
          send({ type: 'text-end', id: TEXT_PART_ID });
          send({ type: 'finish' });
          afterTurn?.(outcome);
        })
        .catch((error: unknown) => send({ type: 'error', errorText: describeInternalFailure(error, { event: 'turn_stream_error', turnId: turn.turnId }) }))
        .finally(() => {
          sendRaw('[DONE]');
          if (open) controller.close();
          open = false;
        });
    },
    cancel() {
      open = false;
      clientGone.abort();
    },
  });
  return new Response(body, { headers: { ...UI_MESSAGE_STREAM_HEADERS, 'x-turn-id': turn.turnId } });
}
