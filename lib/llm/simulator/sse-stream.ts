import type { SimulatorCloseReason } from './types';

/** One SSE event and how long to wait before sending it. */
export interface SseFrame {
  payload: string;
  delayMs: number;
}

export interface SseStreamHooks {
  signal?: AbortSignal;
  /** How the stream ends when every frame was sent: `completed`, or `error` for a mid-stream failure. */
  endReason: SimulatorCloseReason;
  onChunk(): void;
  onClose(reason: SimulatorCloseReason): void;
}

/** Frames with no delay go out in bursts of this many, then yield, so an abort still lands promptly. */
const BURST = 64;

export function sseFrame(data: unknown, delayMs = 0): SseFrame {
  return { payload: `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`, delayMs };
}

/**
 * A timed SSE body. Generation is driven by one timer at a time; when the
 * client goes away (the stream is cancelled or the request's signal aborts)
 * the timer is cleared at once, so no further work happens.
 */
export function timedSseStream(frames: SseFrame[], hooks: SseStreamHooks): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let finished = false;
  let next = 0;

  const finish = (reason: SimulatorCloseReason) => {
    if (finished) return false;
    finished = true;
    clearTimeout(timer);
    hooks.signal?.removeEventListener('abort', onAbort);
    hooks.onClose(reason);
    return true;
  };
  let onAbort = () => {};

  return new ReadableStream<Uint8Array>({
    start(controller) {
      onAbort = () => {
        if (finish('client_closed')) controller.close();
      };
      if (hooks.signal?.aborted) return onAbort();
      hooks.signal?.addEventListener('abort', onAbort, { once: true });

      const pump = () => {
        timer = undefined;
        for (let burst = 0; !finished && next < frames.length; burst += 1) {
          const waitMs = frames[next].delayMs;
          if (waitMs > 0 && burst > 0) {
            timer = setTimeout(pump, waitMs);
            return;
          }
          if (burst >= BURST) {
            timer = setTimeout(pump, 0);
            return;
          }
          // Counted before enqueueing: a generator that outlived its client shows up in the count.
          hooks.onChunk();
          controller.enqueue(encoder.encode(frames[next].payload));
          next += 1;
        }
        if (finish(hooks.endReason)) controller.close();
      };
      const firstDelay = frames[0]?.delayMs ?? 0;
      if (firstDelay > 0) timer = setTimeout(pump, firstDelay);
      else pump();
    },
    cancel() {
      finish('client_closed');
    },
  });
}
