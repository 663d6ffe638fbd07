/**
 * Why a file's JSON could not be read: not JSON (or cut short), nested past the
 * limit, one value larger than the limit, or a top-level array holding
 * something other than objects.
 */
export class JsonShapeError extends Error {
  constructor(
    readonly reason: 'not_json' | 'too_deep' | 'value_too_large' | 'not_objects',
    message: string,
  ) {
    super(message);
    this.name = 'JsonShapeError';
  }
}

export interface JsonValueLimits {
  /** brackets deeper than this are refused before anything is parsed */
  maxDepth: number;
  /** the bytes of one value (one conversation, or a whole top-level object) */
  maxValueBytes: number;
}

export type TopLevelValue = { top: 'array' | 'object'; value: Record<string, unknown> };

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const [QUOTE, BACKSLASH, COMMA] = [0x22, 0x5c, 0x2c];
const OPENS = new Set([0x7b, 0x5b]); // { [
const CLOSES = new Set([0x7d, 0x5d]); // } ]

/**
 * The objects of a JSON text as it streams in: each element of a top-level
 * array (an export's conversations), or the top-level object itself, parsed on
 * its own. Only the value being read is held, so a 200 MB conversations.json
 * costs one conversation of memory, not the file; brackets are counted before
 * any parse (inside strings they do not count), so a depth bomb is refused
 * unparsed, and a value past `maxValueBytes` is refused as it grows.
 */
export async function* topLevelObjects(chunks: AsyncIterable<Uint8Array>, limits: JsonValueLimits): AsyncGenerator<TopLevelValue> {
  let top: 'array' | 'object' | null = null;
  let closed = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let atStart = true;
  // the value being read: its earlier chunks' bytes, and where it starts in the current chunk
  let pieces: Buffer[] = [];
  let pieceBytes = 0;
  let start = -1;

  const parse = (bytes: Buffer): Record<string, unknown> => {
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new JsonShapeError('not_json', 'The file is not valid JSON.');
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw new JsonShapeError('not_objects', 'The file’s list holds something other than conversations.');
    return value as Record<string, unknown>;
  };

  for await (const input of chunks) {
    const chunk = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
    let i = 0;
    // a UTF-8 byte order mark before the text
    if (atStart && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) i = 3;
    atStart = false;
    for (; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
        continue;
      }
      if (top === null || closed) {
        if (WHITESPACE.has(c)) continue;
        if (closed || !OPENS.has(c)) throw new JsonShapeError('not_json', 'The file is not a JSON list of conversations.');
        top = c === 0x5b ? 'array' : 'object';
        depth = 1;
        if (top === 'object') start = i;
        continue;
      }
      if (top === 'array' && depth === 1) {
        // between the array's elements: only objects (and arrays, refused when parsed) may stand here
        if (WHITESPACE.has(c) || c === COMMA) continue;
        if (c === 0x5d) {
          depth = 0;
          closed = true;
          continue;
        }
        if (!OPENS.has(c)) throw new JsonShapeError('not_objects', 'The file’s list holds something other than conversations.');
        depth = 2;
        start = i;
        continue;
      }
      if (c === QUOTE) inString = true;
      else if (OPENS.has(c)) {
        if (++depth > limits.maxDepth) throw new JsonShapeError('too_deep', `The file nests deeper than ${limits.maxDepth} levels.`);
      } else if (CLOSES.has(c)) {
        depth--;
        const valueEnds = top === 'array' ? depth === 1 : depth === 0;
        if (!valueEnds) continue;
        const last = chunk.subarray(start === -1 ? 0 : start, i + 1);
        const bytes = pieces.length ? Buffer.concat([...pieces, last]) : last;
        pieces = [];
        pieceBytes = 0;
        start = -1;
        if (bytes.length > limits.maxValueBytes) throw tooLarge(limits);
        if (top === 'object') closed = true;
        yield { top, value: parse(bytes) };
      }
    }
    // the value goes on into the next chunk: keep its bytes so far (a copy: the chunk's memory is reused)
    const inValue = top !== null && !closed && (top === 'object' || depth >= 2);
    if (inValue) {
      const rest = chunk.subarray(start === -1 ? 0 : start);
      pieceBytes += rest.length;
      if (pieceBytes > limits.maxValueBytes) throw tooLarge(limits);
      pieces.push(Buffer.from(rest));
      start = -1;
    }
  }
  if (!closed)
    throw new JsonShapeError('not_json', top === null ? 'The file is empty.' : 'The file ends before its JSON does (cut short?).');
}

const tooLarge = (limits: JsonValueLimits) =>
  new JsonShapeError(
    'value_too_large',
    `One conversation in the file is larger than ${Math.round(limits.maxValueBytes / 1024 / 1024)} MB.`,
  );
