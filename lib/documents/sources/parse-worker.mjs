// Reads the text out of one uploaded file, in a worker thread that the web
// process starts with a memory limit and ends after a time limit
// (parse-in-worker.ts). Plain JavaScript so that Node loads it as it is, under
// vitest, `next start` and `npm start` alike. It answers one message:
// {ok: true, pages} (PDF), {ok: true, text}, or {ok: false, limit?, message}.
import { parentPort, workerData } from 'node:worker_threads';
import { inflateRawSync } from 'node:zlib';

/** A file this worker will not read, and which of the limits it broke (null: it is just unreadable). */
class Refusal extends Error {
  constructor(limit, message) {
    super(message);
    this.limit = limit;
  }
}

const { kind, bytes, limits } = workerData;

try {
  parentPort.postMessage({ ok: true, ...(await read(kind, bytes)) });
} catch (error) {
  parentPort.postMessage({
    ok: false,
    limit: error instanceof Refusal ? error.limit : null,
    message: error instanceof Error ? error.message : String(error),
  });
}

async function read(kind, data) {
  switch (kind) {
    case 'pdf':
      return readPdf(data);
    case 'docx':
      return readDocx(data);
    default:
      return { text: capped(decodeUtf8(data)) };
  }
}

async function readPdf(data) {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(data));
  if (pdf.numPages > limits.maxPdfPages) {
    throw new Refusal('pages', `it has ${pdf.numPages} pages; at most ${limits.maxPdfPages} are read`);
  }
  const { text } = await extractText(pdf, { mergePages: false });
  capped(text.join(''));
  return { pages: text };
}

async function readDocx(data) {
  checkZipSizes(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  const { default: mammoth } = await import('mammoth');
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(data) });
  return { text: capped(value) };
}

function decodeUtf8(data) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new Refusal(null, 'it is not valid UTF-8 text');
  }
}

function capped(text) {
  if (text.length > limits.maxTextChars) {
    throw new Refusal('text', `it holds more than ${limits.maxTextChars.toLocaleString('en-US')} characters of text`);
  }
  return text;
}

/**
 * A DOCX is a ZIP archive. Its central directory says how large every entry
 * becomes once inflated; that is read first, and the file is refused before
 * anything is inflated when an entry or the total is over its cap, or an entry
 * claims an absurd compression ratio. Then each entry is inflated with its
 * declared size as the ceiling (and the output thrown away), so an entry that
 * lies about its size costs no more than an honest one. Only then does mammoth
 * read the archive.
 */
function checkZipSizes(zip) {
  const end = findEndOfCentralDirectory(zip);
  const entries = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  let at = zip.readUInt32LE(end + 16);
  if (entries === 0xffff || at === 0xffffffff || at + directorySize > zip.length) {
    throw new Refusal(null, 'its ZIP directory is damaged or uses ZIP64, which a Word document never needs');
  }
  if (entries > limits.maxZipEntries)
    throw new Refusal('zip_entries', `it holds ${entries} files; at most ${limits.maxZipEntries} are read`);
  const found = [];
  let total = 0;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw new Refusal(null, 'its ZIP directory is damaged');
    const entry = {
      method: zip.readUInt16LE(at + 10),
      compressed: zip.readUInt32LE(at + 20),
      uncompressed: zip.readUInt32LE(at + 24),
      localHeader: zip.readUInt32LE(at + 42),
    };
    const nameLength = zip.readUInt16LE(at + 28);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (entry.uncompressed > limits.maxZipEntryBytes) {
      throw new Refusal(
        'uncompressed_size',
        `one of its parts inflates to ${mb(entry.uncompressed)}; at most ${mb(limits.maxZipEntryBytes)} each`,
      );
    }
    total += entry.uncompressed;
    if (total > limits.maxZipTotalBytes) {
      throw new Refusal('uncompressed_size', `it inflates to more than ${mb(limits.maxZipTotalBytes)}`);
    }
    if (entry.uncompressed > 1024 * 1024 && entry.uncompressed > entry.compressed * limits.maxCompressionRatio) {
      throw new Refusal(
        'compression_ratio',
        `one of its parts is compressed more than ${limits.maxCompressionRatio} to 1, as only a ZIP bomb is`,
      );
    }
    found.push(entry);
  }
  for (const entry of found) inflateWithin(zip, entry);
}

function inflateWithin(zip, entry) {
  const at = entry.localHeader;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== 0x04034b50) throw new Refusal(null, 'its ZIP entries are damaged');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + entry.compressed);
  if (entry.method === 0) {
    if (entry.compressed !== entry.uncompressed) throw new Refusal(null, 'its ZIP entries are damaged');
    return;
  }
  if (entry.method !== 8) throw new Refusal(null, `it uses ZIP compression method ${entry.method}, which Word never writes`);
  try {
    inflateRawSync(data, { maxOutputLength: Math.max(entry.uncompressed, 1) });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new Refusal('uncompressed_size', 'one of its parts inflates to more than its header says, as only a ZIP bomb does');
    }
    throw new Refusal(null, 'its ZIP entries are damaged');
  }
}

function findEndOfCentralDirectory(zip) {
  // the record is 22 bytes plus a comment of at most 65535
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 65535); at -= 1) {
    if (zip.readUInt32LE(at) === 0x06054b50) return at;
  }
  throw new Refusal(null, 'it is not a ZIP archive, as every DOCX is');
}

function mb(bytes) {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}
