import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { piecesOf, zipStream } from './zip-stream';

describe('zipStream', () => {
  it('hands out compressed bytes while the files are still being produced, and the archive reads back whole', async () => {
    let produced = 0;
    async function* bigFile() {
      for (let n = 0; n < 200; n++) {
        produced++;
        // incompressible enough that the compressor emits as it goes
        yield `${n}: ${Math.random().toString(36).repeat(400)}\n`;
      }
    }
    async function* files() {
      yield { path: 'big.txt', content: bigFile() };
      yield { path: 'notes/Пометки 你好.md', content: piecesOf(new Blob(['# Hello\n']).stream()) };
    }
    const reader = zipStream(files()).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // the first bytes left before most of the file was read
    expect(produced).toBeLessThan(200);
    const chunks = [first.value!];
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    const archive = unzipSync(Buffer.concat(chunks));
    expect(Object.keys(archive)).toEqual(['big.txt', 'notes/Пометки 你好.md']);
    expect(strFromU8(archive['big.txt']!).split('\n')).toHaveLength(201);
    expect(strFromU8(archive['notes/Пометки 你好.md']!)).toBe('# Hello\n');
  });

  it('stops reading the files when the download is cancelled', async () => {
    let produced = 0;
    let closed = false;
    async function* endless() {
      try {
        for (;;) {
          produced++;
          yield Math.random().toString(36).repeat(500);
        }
      } finally {
        closed = true;
      }
    }
    async function* files() {
      yield { path: 'endless.txt', content: endless() };
    }
    const reader = zipStream(files()).getReader();
    await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
    expect(produced).toBeLessThan(100);
  });
});
