import { Zip, ZipDeflate } from 'fflate';

/** One file of a ZIP: its path inside the archive and its bytes as they are produced. */
export interface ZipFile {
  path: string;
  modifiedAt?: Date;
  content: AsyncIterable<Uint8Array | string>;
}

/**
 * A ZIP archive as a byte stream, written while it is read: each file is
 * compressed as its content arrives and handed on at once, and the next file
 * is asked for only when the reader wants more bytes. Memory holds one piece
 * of one file and the compressor's window, however large the archive grows.
 */
export function zipStream(files: AsyncIterable<ZipFile>): ReadableStream<Uint8Array> {
  const chunks = zipChunks(files);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

async function* zipChunks(files: AsyncIterable<ZipFile>): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  // fflate's synchronous Zip calls back during each push: what it wrote is handed on after the push
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else if (chunk.length > 0) ready.push(chunk);
  });
  const encoder = new TextEncoder();
  const written = function* () {
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift()!;
  };
  for await (const file of files) {
    const entry = new ZipDeflate(file.path, { level: 6 });
    if (file.modifiedAt) entry.mtime = file.modifiedAt;
    zip.add(entry);
    for await (const piece of file.content) {
      entry.push(typeof piece === 'string' ? encoder.encode(piece) : piece);
      yield* written();
    }
    entry.push(new Uint8Array(0), true);
    yield* written();
  }
  zip.end();
  yield* written();
}

/** A web stream's pieces, for a file whose content another module hands over as a stream. */
export async function* piecesOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    // the archive stopped early (the download was cancelled): the source stops too
    if (!finished) await reader.cancel();
    reader.releaseLock();
  }
}
