import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerContext } from '@/lib/chat/context/answer-context';
import { MAX_IMAGE_BYTES } from '@/lib/chat/files/file-limits';
import { uploadChatFiles } from '@/lib/documents/intake/chat-files';
import { chatMessageBody, sendMessageBody } from '@/lib/http/api/chat';
import { MAX_SOURCE_FILE_BYTES } from '@/lib/documents/sources/upload-limits';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { pdfWithPages } from '@/tests/support/office-fixtures';
import { testDatabaseKinds } from '@/tests/support/test-database';

const THIRD_PAGE = 'Clause 7: the tenant returns the copper kettle polished before the lease ends.';
const contextOf = async (h: ChatHarness, messageId: string) =>
  ((await h.db.prisma.message.findUniqueOrThrow({ where: { id: messageId } })).meta as { context: AnswerContext }).context;

/** A PNG whose header claims `width` × `height` pixels: a few bytes of IDAT that would inflate to gigabytes. */
function pngBomb(width: number, height: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

async function photo(description = 'A kettle'): Promise<Uint8Array> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b87333' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { ImageDescription: description, Artist: 'Someone at 51.5N 0.1W' } } })
    .toBuffer();
  return new Uint8Array(png);
}

describe.each(testDatabaseKinds())('files and images in the chat (%s)', (kind) => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await openChatHarness(kind);
  });
  afterAll(async () => {
    await h?.close();
  });
  const upload = (userId: string, chatId: string, files: Array<{ name: string; type: string; bytes: Uint8Array }>) =>
    uploadChatFiles({ db: h.db.prisma, rate: { subject: { userId }, perMinute: 100 } }, userId, chatId, files);

  it('a PDF goes into its turn’s prompt page by page, and its third page is recalled three turns later', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-swift' });
    const pdf = pdfWithPages(['Lease agreement between the parties.', 'Clause 3: rent is due monthly.', THIRD_PAGE]);
    const [file] = await upload(user.id, chatId, [{ name: 'lease.pdf', type: 'application/pdf', bytes: pdf }]);
    expect(file).toMatchObject({ kind: 'file', name: 'lease.pdf', size: pdf.byteLength });
    expect(file!.sourceId).not.toBeNull(); // start_document still adopts it

    const first = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'What does page 3 say?', fileIds: [file!.id] });
    const question = first.turn.messages.at(-1)!;
    expect(String(question.content)).toContain(THIRD_PAGE);
    const context = await contextOf(h, first.turn.assistantMessageId);
    expect(context.files?.[0]?.parts.map((p) => p.label)).toEqual(['page 1', 'page 2', 'page 3']);
    expect(context.files?.[0]?.parts[2]?.text).toBe(THIRD_PAGE);
    expect(context.parts.map((p) => p.part)).toContain('files');
    // the message keeps the file: the view lists it with its download
    const stored = await h.db.prisma.chatFile.findUniqueOrThrow({ where: { id: file!.id } });
    expect(stored.messageId).toBe(first.turn.userMessageId);
    expect(Buffer.from(stored.bytes).equals(Buffer.from(pdf))).toBe(true);

    for (const text of ['How do I rename a chat?', 'Can I change the theme?', 'Where is my wallet?']) {
      const later = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text });
      expect(String(later.turn.messages.at(-1)!.content)).not.toContain('copper kettle');
    }
    const again = await runChatTurn(h, {
      userId: user.id,
      chatId,
      mode: 'answer',
      text: 'What did the lease say about the copper kettle again?',
    });
    const system = String(again.turn.messages[0]!.content);
    expect(system).toContain(THIRD_PAGE);
    const recalled = (await contextOf(h, again.turn.assistantMessageId)).recalled;
    expect(recalled.find((r) => r.file)?.file).toMatchObject({ name: 'lease.pdf', label: 'page 3', text: THIRD_PAGE });
  }, 120_000);

  it('an image goes to a vision model as an image part without its EXIF; a model without vision is refused before any call', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-mini' });
    const [image] = await upload(user.id, chatId, [{ name: 'kettle.jpg', type: 'image/jpeg', bytes: await photo() }]);
    const kept = await h.db.prisma.chatFile.findUniqueOrThrow({ where: { id: image!.id } });
    expect((await sharp(kept.bytes).metadata()).exif).toBeUndefined();

    const refused = runChatTurn(h, {
      userId: user.id,
      chatId,
      mode: 'answer',
      text: 'What is this?',
      modelId: 'sim-mini',
      fileIds: [image!.id],
    });
    await expect(refused).rejects.toMatchObject({
      status: 422,
      body: { limit: 'vision', models: expect.arrayContaining([expect.objectContaining({ id: 'sim-swift' })]) },
    });
    expect(await h.db.prisma.ledgerEntry.count({ where: { chatId } })).toBe(0);
    expect(await h.db.prisma.message.count({ where: { chatId } })).toBe(0);

    const run = await runChatTurn(h, {
      userId: user.id,
      chatId,
      mode: 'answer',
      text: 'What is this?',
      modelId: 'sim-swift',
      fileIds: [image!.id],
    });
    const content = run.turn.messages.at(-1)!.content as Array<{ type: string; mediaType?: string }>;
    expect(content.map((part) => part.type)).toEqual(['text', 'image']);
    expect(content[1]!.mediaType).toBe('image/jpeg');
    // the simulator (OpenAI's wire format) says what arrived as an image_url part
    expect(run.streamed).toMatch(/I can see 1 image\(s\): image\/jpeg/);
  }, 60_000);

  it('an image sent without words is the question: the prompt holds the image alone, and the chat is named after it', async () => {
    const { user, chatId } = await newUserChat(h, { model: 'sim-swift' });
    const [image] = await upload(user.id, chatId, [{ name: 'kettle.jpg', type: 'image/jpeg', bytes: await photo() }]);
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: '', modelId: 'sim-swift', fileIds: [image!.id] });
    expect(run.outcome.status).toBe('complete');
    // no empty text part: some providers (Anthropic's Messages API) refuse one
    const content = run.turn.messages.at(-1)!.content as Array<{ type: string }>;
    expect(content.map((part) => part.type)).toEqual(['image']);
    expect(run.streamed).toMatch(/I can see 1 image\(s\)/);
    expect((await h.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } })).title).toBe('kettle.jpg');
    const question = await h.db.prisma.message.findUniqueOrThrow({ where: { id: run.turn.userMessageId }, include: { files: true } });
    expect(question.text).toBe('');
    expect(question.files.map((f) => f.name)).toEqual(['kettle.jpg']);
  }, 60_000);

  it('a message with neither words nor files is refused as empty', () => {
    expect(sendMessageBody.safeParse({ text: '   ' }).error?.issues[0]).toMatchObject({ message: 'The message is empty.', path: ['text'] });
    expect(chatMessageBody.safeParse({ files: [] }).success).toBe(false);
    expect(sendMessageBody.safeParse({ text: '', files: [crypto.randomUUID()] }).success).toBe(true);
  });

  it('refuses hostile uploads with the limit they broke, memory bounded', async () => {
    const { user, chatId } = await newUserChat(h);
    const refusal = (files: Array<{ name: string; type: string; bytes: Uint8Array }>) => upload(user.id, chatId, files);
    await expect(
      refusal([{ name: 'big.txt', type: 'text/plain', bytes: new Uint8Array(MAX_SOURCE_FILE_BYTES + 1).fill(97) }]),
    ).rejects.toMatchObject({
      status: 413,
      body: { limit: 'file_size' },
    });
    await expect(refusal([{ name: 'big.png', type: 'image/png', bytes: new Uint8Array(MAX_IMAGE_BYTES + 1) }])).rejects.toMatchObject({
      status: 413,
      body: { limit: 'image_size' },
    });
    const rssBefore = process.memoryUsage().rss;
    await expect(refusal([{ name: 'bomb.png', type: 'image/png', bytes: pngBomb(100_000, 100_000) }])).rejects.toMatchObject({
      status: 422,
      body: { limit: 'pixels' },
      message: expect.stringMatching(/bomb\.png.*million pixels/),
    });
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024);
    await expect(
      refusal([{ name: 'script.jpg', type: 'image/jpeg', bytes: await photo('<script>alert(1)</script>') }]),
    ).rejects.toMatchObject({
      status: 422,
      body: { limit: 'metadata' },
    });
    const pages = pdfWithPages(Array.from({ length: 10_000 }, (_, i) => `Page ${i + 1}`));
    await expect(refusal([{ name: 'endless.pdf', type: 'application/pdf', bytes: pages }])).rejects.toMatchObject({
      status: pages.byteLength > MAX_SOURCE_FILE_BYTES ? 413 : 422,
    });
    await expect(
      refusal([{ name: 'page.svg', type: 'image/svg+xml', bytes: new TextEncoder().encode('<svg onload="alert(1)"/>') }]),
    ).rejects.toMatchObject({
      status: 422,
    });
    // nothing refused was kept
    expect(await h.db.prisma.chatFile.count({ where: { chatId } })).toBe(0);
  }, 60_000);
});
