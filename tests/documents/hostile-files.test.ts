import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadToChat } from '@/lib/documents/intake/attachments';
import { extractTextInWorker, PARSE_LIMITS } from '@/lib/documents/sources/parse-in-worker';
import { parseSourceFile } from '@/lib/documents/sources/parse-source-file';
import { createTestChat, createTestUser } from '../support/documents-harness';
import { docxWithParagraphs, docxZipBomb } from '../support/office-fixtures';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/test-database';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('a hostile file costs the server little and is refused with the limit it broke', () => {
  it('the fixture really is a bomb: ~300 KB that inflates to 1 GB', () => {
    const bomb = docxZipBomb({ entries: 4, inflatedMb: 256 });
    expect(bomb.byteLength).toBeLessThan(400 * 1024);
    const data = Buffer.from(bomb).subarray(30 + 'word/document.xml'.length);
    expect(inflateRawSync(data, { maxOutputLength: 300 * 1024 * 1024 }).byteLength).toBe(256 * 1024 * 1024);
  });

  it('refuses a DOCX whose parts declare 1 GB before inflating anything', async () => {
    const rssBefore = process.memoryUsage().rss;
    const refused = parseSourceFile({ name: 'bomb.docx', type: DOCX, bytes: docxZipBomb({ entries: 4, inflatedMb: 256 }) });
    await expect(refused).rejects.toMatchObject({
      status: 422,
      body: { limit: 'uncompressed_size' },
      message: expect.stringMatching(/bomb\.docx.*inflates to/),
    });
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024);
  });

  it('refuses a DOCX whose part lies about its size, stopping the inflation at the size it claimed', async () => {
    const rssBefore = process.memoryUsage().rss;
    const refused = parseSourceFile({
      name: 'liar.docx',
      type: DOCX,
      bytes: docxZipBomb({ entries: 1, inflatedMb: 256, declaredBytes: 1_000_000 }),
    });
    await expect(refused).rejects.toMatchObject({
      status: 422,
      body: { limit: 'uncompressed_size' },
      message: expect.stringMatching(/liar\.docx.*more than its header says/),
    });
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024);
  });

  it('refuses text with too many paragraphs, naming the limit', async () => {
    const text = Array.from({ length: 12_000 }, (_, i) => `p${i}`).join('\n\n');
    await expect(parseSourceFile({ name: 'many.txt', type: 'text/plain', bytes: new TextEncoder().encode(text) })).rejects.toMatchObject({
      status: 422,
      body: { limit: 'paragraphs' },
    });
  });

  it('still reads an ordinary DOCX, and drops NUL from the text of a text file', async () => {
    const parsed = await parseSourceFile({ name: 'ok.docx', type: DOCX, bytes: docxWithParagraphs(['Plain words.', 'Forty-two units.']) });
    expect(parsed.paragraphs).toEqual(['Plain words.', 'Forty-two units.']);
    const text = await parseSourceFile({
      name: 'nul.txt',
      type: 'text/plain',
      bytes: new TextEncoder().encode('Zero\u0000 byte.\n\nAnd more.'),
    });
    expect(text.paragraphs).toEqual(['Zero byte.', 'And more.']);
  });
});

describe.each(testDatabaseKinds())('an upload is checked before any file is read, on %s', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await db?.dispose();
  });
  // unreadable: reading it would answer 422, so any other answer proves it was never read
  const broken = { name: 'broken.pdf', type: 'application/pdf', bytes: new TextEncoder().encode('not a pdf') };

  it('another person’s chat is 404, an empty wallet 402, too many uploads 429: the file is not read', async () => {
    const owner = await createTestUser(db.prisma);
    const chatId = await createTestChat(db.prisma, owner);
    const stranger = await createTestUser(db.prisma);
    await expect(
      uploadToChat({ db: db.prisma, rate: { subject: { userId: stranger }, perMinute: 10 } }, stranger, chatId, [broken]),
    ).rejects.toMatchObject({
      status: 404,
    });

    const broke = await createTestUser(db.prisma, { credits: 0n });
    const brokeChat = await createTestChat(db.prisma, broke);
    await expect(
      uploadToChat({ db: db.prisma, rate: { subject: { userId: broke }, perMinute: 10 } }, broke, brokeChat, [broken]),
    ).rejects.toMatchObject({
      status: 402,
    });

    // the limit is a fixed one-minute window: a pair of uploads that straddles a minute is tried again by a new person
    for (let attempt = 1; ; attempt++) {
      const person = attempt === 1 ? owner : await createTestUser(db.prisma);
      const personChat = attempt === 1 ? chatId : await createTestChat(db.prisma, person);
      const upload = () =>
        uploadToChat({ db: db.prisma, rate: { subject: { userId: person }, perMinute: 1 } }, person, personChat, [broken]);
      const minute = Math.floor(Date.now() / 60_000);
      await expect(upload()).rejects.toMatchObject({ status: 422 });
      const second = await upload().catch((error: unknown) => error);
      if (Math.floor(Date.now() / 60_000) !== minute && attempt < 3) continue;
      expect(second).toMatchObject({ status: 429 });
      break;
    }
  });
});

describe('the reading worker is ended at its limits, and says which', () => {
  const docx = { name: 'ok.docx', bytes: docxWithParagraphs(['Plain words.']) };

  it('past its deadline: 422 naming the time limit', async () => {
    await expect(extractTextInWorker(docx, 'docx', { ...PARSE_LIMITS, timeMs: 1 })).rejects.toMatchObject({
      status: 422,
      body: { limit: 'time' },
    });
  });

  it('out of heap: 422 naming the memory limit, and this process carries on', async () => {
    await expect(extractTextInWorker(docx, 'docx', { ...PARSE_LIMITS, heapMb: 2 })).rejects.toMatchObject({
      status: 422,
      body: { limit: 'memory' },
    });
    expect(await extractTextInWorker(docx, 'docx')).toEqual({ text: expect.stringContaining('Plain words.') });
  });
});
