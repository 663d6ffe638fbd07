import { createUIMessageStream, JsonToSseTransformStream, UI_MESSAGE_STREAM_HEADERS } from 'ai';
import { runTurn } from './run-turn';
import type { PreparedTurn, TurnDeps, TurnOutcome, TurnSink } from './types';

const TEXT_PART_ID = 'answer';

/**
 * Streams a prepared turn to the browser as the AI SDK UI message stream (SSE).
 * The browser going away (the stop button aborts its fetch) cancels this body
 * or aborts the request: either way the turn's AbortController fires and the
 * upstream request is closed.
 */
export function streamTurnResponse(
  deps: TurnDeps,
  turn: PreparedTurn,
  request: Request,
  afterTurn?: (outcome: TurnOutcome) => void,
): Response {
  const clientGone = new AbortController();
  request.signal?.addEventListener('abort', () => clientGone.abort());

  const ui = createUIMessageStream({
    execute: async ({ writer }) => {
      const safe = (write: () => void) => {
        try {
          write();
        } catch {
          // the browser is gone; the turn goes on to its finally and saves what was sent
        }
      };
      safe(() => writer.write({ type: 'start', messageId: turn.assistantMessageId, messageMetadata: { turnId: turn.turnId, model: turn.model.id } }));
      safe(() => writer.write({ type: 'text-start', id: TEXT_PART_ID }));
      const sink: TurnSink = {
        text: (delta) => safe(() => writer.write({ type: 'text-delta', id: TEXT_PART_ID, delta })),
        event: (name, data) => safe(() => writer.write({ type: `data-${name}`, data })),
      };
      const outcome = await runTurn(deps, turn, sink, clientGone.signal);
      safe(() => writer.write({ type: 'text-end', id: TEXT_PART_ID }));
      safe(() => writer.write({ type: 'finish' }));
      afterTurn?.(outcome);
    },
    onError: (error) => (error instanceof Error ? error.message : String(error)),
  });

  const reader = ui.pipeThrough(new JsonToSseTransformStream()).pipeThrough(new TextEncoderStream()).getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      clientGone.abort();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { headers: { ...UI_MESSAGE_STREAM_HEADERS, 'x-turn-id': turn.turnId } });
}
