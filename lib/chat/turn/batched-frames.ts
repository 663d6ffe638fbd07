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
 * Other chunks are written together with whatever follows them in the same
 * turn of the event loop (the answer's opening chunks, its closing ones): each
 * write is a system call that wakes the reader, and on a busy server those
 * calls were a good part of an answer's CPU. The first text of the answer, and
 * the end, go out at once (no frame wait before the first token). Order is
 * kept. When the browser has gone, the text not yet written was never seen:
 * `unwritten()` returns it, so the turn saves (and shows on reload) only what
 * was sent.
 */
export function createFrameWriter(write: (bytes: Uint8Array) => void, textPartId: string) {
  const encoder = new TextEncoder();
  let text = ''; // text not yet in an event
  let events = ''; // events not yet written
  let eventsText = ''; // the text inside `events`
  let frameTimer: ReturnType<typeof setTimeout> | null = null;
  let writeTimer: ReturnType<typeof setImmediate> | null = null;
  let open = true;
  let firstTextSent = false;

  const takeText = () => {
    if (frameTimer) clearTimeout(frameTimer);
    frameTimer = null;
    if (!text || !open) return;
    events += `data: ${JSON.stringify({ type: 'text-delta', id: textPartId, delta: text } satisfies UIMessageChunk)}\n\n`;
    eventsText += text;
    text = '';
  };
  const writeOut = () => {
    if (writeTimer) clearImmediate(writeTimer);
    writeTimer = null;
    if (!events || !open) return;
    if (eventsText) firstTextSent = true;
    const out = events;
    events = '';
    eventsText = '';
    write(encoder.encode(out));
  };
  const writeFrame = () => {
    takeText();
    writeOut();
  };

  return {
    text(delta: string) {
      if (!delta) return;
      text += delta;
      if (!open) return; // kept as unwritten: the turn must not save it as sent
      // the first words go out at once: a frame's wait must not add to the time to first token
      if (!firstTextSent || text.length >= FRAME_MAX_CHARS) writeFrame();
      else frameTimer ??= setTimeout(writeFrame, FRAME_MS);
    },
    chunk(chunk: UIMessageChunk) {
      takeText();
      events += `data: ${JSON.stringify(chunk)}\n\n`;
      if (open) writeTimer ??= setImmediate(writeOut);
    },
    /** the stream's terminator: everything pending goes out with it, in one write */
    done() {
      takeText();
      events += 'data: [DONE]\n\n';
      writeOut();
    },
    /** the browser is gone: nothing more is written, and what was pending stays unwritten */
    close() {
      open = false;
      if (frameTimer) clearTimeout(frameTimer);
      if (writeTimer) clearImmediate(writeTimer);
      frameTimer = writeTimer = null;
    },
    unwritten: () => (open ? '' : eventsText + text),
    /** the browser is gone (close): nothing more reaches it */
    closed: () => !open,
  };
}
