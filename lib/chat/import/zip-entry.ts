import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/** Why a ZIP was refused: not a ZIP we can read, or one that would inflate past the limits (a ZIP bomb). */
export class ZipRefusal extends Error {
  constructor(
    readonly reason: 'not_zip' | 'unsupported' | 'bomb',
    message: string,
  ) {
    super(message);
    this.name = 'ZipRefusal';
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipLimits {
  /** entries in the central directory */
  maxEntries: number;
  /** bytes one entry may inflate to */
  maxInflatedBytes: number;
  /** inflated bytes per compressed byte past the first `ratioFreeBytes`: text compresses 5–15×, a bomb 1,000× */
  maxRatio: number;
  ratioFreeBytes: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** A ZIP starts with a local file header (or, empty, with its end record). */
export const looksLikeZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);

/**
 * The entries a ZIP's central directory lists, read from the bytes in memory
 * (the upload is already capped). More than `maxEntries` is refused before
 * they are walked; ZIP64 and encrypted entries are not read.
 */
export function listZipEntries(bytes: Buffer, maxEntries: number): ZipEntry[] {
  const end = findEndRecord(bytes);
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff)
    throw new ZipRefusal('unsupported', 'ZIP64 archives cannot be read here; unzip it and upload conversations.json.');
  if (count > maxEntries) throw new ZipRefusal('bomb', `The ZIP holds more than ${maxEntries} files.`);
  if (offset + size > bytes.length) throw new ZipRefusal('not_zip', 'The ZIP is cut short.');
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw new ZipRefusal('not_zip', 'The ZIP’s directory is damaged.');
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    entries.push({
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      uncompressedSize: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, Math.min(bytes.length, at + 46 + nameLength)),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function findEndRecord(bytes: Buffer): number {
  // the end record is 22 bytes plus a comment of at most 65,535
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === EOCD) return at;
  }
  throw new ZipRefusal('not_zip', 'The file is not a ZIP archive (or it is cut short).');
}

/**
 * One entry's bytes as they inflate, a chunk at a time. The entry's declared
 * size is checked first, and the bytes that actually come out are counted as
 * they come (a bomb lies about its size): past `maxInflatedBytes`, or past
 * `maxRatio` times its compressed size, inflating stops and the ZIP is refused.
 */
export async function* inflateEntry(bytes: Buffer, entry: ZipEntry, limits: ZipLimits): AsyncGenerator<Buffer> {
  if (entry.flags & 1) throw new ZipRefusal('unsupported', `“${entry.name}” is encrypted.`);
  const limit = Math.min(limits.maxInflatedBytes, Math.max(limits.ratioFreeBytes, entry.compressedSize * limits.maxRatio));
  if (entry.uncompressedSize > limit) throw bomb(entry);
  const header = entry.localHeaderOffset;
  if (header + 30 > bytes.length || bytes.readUInt32LE(header) !== LOCAL) throw new ZipRefusal('not_zip', 'The ZIP is damaged.');
  const dataStart = header + 30 + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28);
  const data = bytes.subarray(dataStart, dataStart + entry.compressedSize);
  if (data.length < entry.compressedSize) throw new ZipRefusal('not_zip', 'The ZIP is cut short.');
  if (entry.method === STORED) {
    for (let at = 0; at < data.length; at += 64 * 1024) yield data.subarray(at, at + 64 * 1024);
    return;
  }
  if (entry.method !== DEFLATED) throw new ZipRefusal('unsupported', `“${entry.name}” is compressed in a way this server does not read.`);
  const inflater = createInflateRaw();
  const source = Readable.from(slices(data));
  source.pipe(inflater);
  let total = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limit) throw bomb(entry);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ZipRefusal) throw error;
    throw new ZipRefusal('not_zip', `“${entry.name}” could not be unpacked: the ZIP is damaged.`);
  } finally {
    source.unpipe(inflater);
    source.destroy();
    inflater.destroy();
  }
}

function* slices(data: Buffer) {
  for (let at = 0; at < data.length; at += 64 * 1024) yield data.subarray(at, at + 64 * 1024);
}

const bomb = (entry: ZipEntry) =>
  new ZipRefusal('bomb', `“${entry.name}” inflates far beyond its packed size: the ZIP is refused as a ZIP bomb.`);
