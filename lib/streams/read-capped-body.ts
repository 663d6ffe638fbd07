import type { Readable } from 'node:stream';

/** A request body over its cap: the caller answers 413 naming the limit. */
export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The request body is larger than ${describeBytes(limitBytes)}.`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Reads a request body while it streams and stops at `maxBytes`: a declared
 * Content-Length over the cap is refused before reading, and a chunked body
 * (no length) is cut off as soon as it passes the cap, so a hostile client
 * costs at most `maxBytes` of memory.
 */
export async function readCappedBody(request: Request, maxBytes: number): Promise<Buffer<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new BodyTooLargeError(maxBytes);
  if (!request.body) return Buffer.alloc(0) as Buffer<ArrayBuffer>;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined); // the client may already be gone; the 413 is what matters
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/**
 * Reads a Node stream (a request or response body) into memory up to one byte past `maxBytes`; past
 * that it stops keeping bytes, lets the rest flow away unread and resolves with `complete: false`, so
 * the caller's own cap sees the body is too long. Rejects when the stream closes before its end (the
 * other side left).
 */
export function readStreamCapped(
  stream: Readable & { complete?: boolean },
  maxBytes: number,
): Promise<{ bytes: Buffer<ArrayBuffer>; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size <= maxBytes) return;
      stream.off('data', onData).off('end', onEnd).off('error', onError);
      stream.resume(); // flowing with no listener: the rest is dropped as it arrives
      resolve({ bytes: Buffer.concat(chunks).subarray(0, maxBytes + 1), complete: false });
    };
    const onEnd = () => resolve({ bytes: Buffer.concat(chunks, size), complete: true });
    const onError = (error: Error) => reject(error);
    stream.on('data', onData).once('end', onEnd).once('error', onError);
    // a body cut off by the other side leaving may end with no 'end' and no 'error'
    stream.once('close', () => {
      if (!stream.complete) reject(new Error('the other side left before the body arrived'));
    });
  });
}

export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / 1024 / 1024} MB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
