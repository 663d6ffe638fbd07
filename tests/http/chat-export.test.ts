import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as exportRoute } from '@/app/api/chats/[id]/export/route';
import type { App } from '@/lib/app';
import { cookieOf, jsonRequest, serveTestApp, signUp } from '@/tests/support/auth-client';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';

const MESSAGES = 450; // more than two of the export's pages

// A person keeps or moves a chat: downloaded as Markdown to read, or JSON with every field.
describe('exporting a chat', () => {
  let db: TestDatabase;
  let app: App;
  let cookie: string;
  let otherCookie: string;
  let chatId: string;

  const download = async (format: string | null, as = cookie) => {
    const url = `/api/chats/${chatId}/export${format ? `?format=${format}` : ''}`;
    const response = await exportRoute(jsonRequest(url, { cookie: as }), { params: Promise.resolve({ id: chatId }) });
    return { response, text: await response.text() };
  };

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    app = await serveTestApp(db);
    cookie = cookieOf(await signUp(app, { email: 'keeper@example.com' }));
    otherCookie = cookieOf(await signUp(app, { email: 'someone-else@example.com' }));
    const owner = await db.prisma.user.findUniqueOrThrow({ where: { email: 'keeper@example.com' } });
    const chat = await db.prisma.chat.create({ data: { userId: owner.id, title: 'Поездка в Лиссабон: план', model: 'sim-swift' } });
    chatId = chat.id;
    const start = Date.UTC(2026, 3, 1, 9);
    await db.prisma.message.createMany({
      data: Array.from({ length: MESSAGES }, (_, n) => ({
        chatId,
        role: n % 2 === 0 ? 'user' : 'assistant',
        model: n % 2 === 0 ? null : 'sim-swift',
        text: n % 2 === 0 ? `Question ${n + 1}` : `Answer ${n + 1} with **bold** and\n\n- a list`,
        status: n === MESSAGES - 1 ? 'stopped' : 'complete',
        inputTokens: n % 2 ? 100 + n : 0,
        costMicros: BigInt(n % 2 ? 10 * n : 0),
        createdAt: new Date(start + n * 1000),
      })),
    });
  }, 60_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it('as Markdown: every message once, oldest first, under its author and time, named after the chat', async () => {
    const { response, text } = await download(null);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Поездка-в-Лиссабон-план.md')}`);
    expect(text.startsWith('# Поездка в Лиссабон: план\n')).toBe(true);
    const numbers = [...text.matchAll(/^(?:Question|Answer) (\d+)/gm)].map((m) => Number(m[1]));
    expect(numbers).toEqual(Array.from({ length: MESSAGES }, (_, n) => n + 1));
    expect(text).toContain('## You · 2026-04-01 09:00 UTC\n\nQuestion 1\n');
    expect(text).toContain('## Sim Swift (offline demo model) · 2026-04-01 09:00 UTC\n\nAnswer 2 with **bold** and\n\n- a list\n');
    expect(text.trimEnd().endsWith('_Stopped before the end._')).toBe(true);
  });

  it('as JSON: the chat and every message with its fields, in order', async () => {
    const { response, text } = await download('json');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const file = JSON.parse(text);
    expect(file).toMatchObject({ format: 'quire.chat.v1', id: chatId, title: 'Поездка в Лиссабон: план', model: 'sim-swift' });
    expect(file.messages).toHaveLength(MESSAGES);
    expect(file.messages.map((m: { text: string }) => Number(m.text.split(' ')[1]))).toEqual(
      Array.from({ length: MESSAGES }, (_, n) => n + 1),
    );
    expect(file.messages[1]).toMatchObject({
      role: 'assistant',
      model: 'sim-swift',
      status: 'complete',
      usage: { inputTokens: 101, outputTokens: 0 },
      costMicros: 10,
    });
  });

  it('someone else gets 404, an unknown format 400, and neither gets a byte of the chat', async () => {
    const theirs = await download('md', otherCookie);
    expect(theirs.response.status).toBe(404);
    expect(theirs.text).not.toContain('Question');
    const odd = await download('docx');
    expect(odd.response.status).toBe(400);
    const signedOut = await download('md', '');
    expect(signedOut.response.status).toBe(401);
  });
});
