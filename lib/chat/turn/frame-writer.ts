import type { UIMessageChunk } from 'ai';

/** One frame holds at most what arrived within a display tick, or this much text, whichever comes first. */
export const FRAME_MS = 16;
export const FRAME_MAX_CHARS = 4096;

/**
 * Writes UI message chunks as SSE (`data: <json>\n\n`) and coalesces text
 * deltas into frames: whatever text arrives within one ~16 ms tick (or 4 KB)
 * goes out as ONE `text-delta` event. Per upstream token the cost is then a
 * string append; the JSON, the encoding and the write to the socket happen
 * once per frame. A screen repaints no faster, so the person sees the same.
 *
 * The first text of the answer is written at once (no frame wait before the
 * first token). Any other chunk first flushes the pending text, so order is kept. When the
 * browser has gone, the text still pending was never written: `unwritten()`
 * returns it, so the turn saves (and shows on reload) only what was sent.
 */
export function createFrameWriter(write: (bytes: Uint8Array) => void, textPartId: string) {
  const encoder = new TextEncoder();
  let pending = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  let open = true;
  let firstTextSent = false;

  const writeEvent = (payload: string) => {
    if (open) write(encoder.encode(`data: ${payload}\n\n`));
  };
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending || !open) return;
    const delta = pending;
    pending = '';
    firstTextSent = true;
    writeEvent(JSON.stringify({ type: 'text-delta', id: textPartId, delta } satisfies UIMessageChunk));
  };

  return {
    text(delta: string) {
      if (!delta) return;
      pending += delta;
      if (!open) return; // kept as unwritten: the turn must not save it as sent
      // the first words go out at once: a frame's wait must not add to the time to first token
      if (!firstTextSent || pending.length >= FRAME_MAX_CHARS) flush();
      else timer ??= setTimeout(flush, FRAME_MS);
    },
    chunk(chunk: UIMessageChunk) {
      flush();
      writeEvent(JSON.stringify(chunk));
    },
    /** the stream's terminator; everything pending goes first */
    done() {
      flush();
      writeEvent('[DONE]');
    },
    /** the browser is gone: nothing more is written, and what was pending stays unwritten */
    close() {
      open = false;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    unwritten: () => (open ? '' : pending),
  };
}
