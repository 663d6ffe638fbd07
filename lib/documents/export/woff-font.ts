import { inflateSync } from 'node:zlib';

/**
 * A WOFF 1.0 font (the format the npm font packages ship) as the TrueType
 * font it wraps: each table inflated once, behind a plain sfnt directory.
 * pdfkit's font engine can read WOFF itself but inflates the whole glyph
 * table again for every glyph it looks up (seconds per page).
 * Format: https://www.w3.org/TR/WOFF/ (header 44 bytes, 20 per table entry).
 */
export function woffToTrueType(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF 1.0 font.');
  const numTables = woff.readUInt16BE(12);
  const header = Buffer.alloc(12 + 16 * numTables);
  woff.copy(header, 0, 4, 8); // the wrapped font's own flavor (TrueType or CFF)
  const power = 2 ** Math.floor(Math.log2(numTables));
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE((numTables - power) * 16, 10);
  const tables: Buffer[] = [];
  let offset = header.length;
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20;
    const start = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(start, start + compressed);
    const data = compressed < length ? inflateSync(stored) : stored;
    const record = 12 + i * 16;
    woff.copy(header, record, entry, entry + 4); // tag
    header.writeUInt32BE(woff.readUInt32BE(entry + 16), record + 4); // checksum
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(length, record + 12);
    const padded = Buffer.alloc(Math.ceil(length / 4) * 4); // tables start on 4-byte boundaries
    data.copy(padded);
    tables.push(padded);
    offset += padded.length;
  }
  return Buffer.concat([header, ...tables]);
}
