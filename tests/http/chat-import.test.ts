import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as viewRoute } from '@/app/api/chats/[id]/route';
import { GET as exportRoute } from '@/app/api/chats/[id]/export/route';
import { POST as importRoute } from '@/app/api/chats/import/route';
import { GET as listRoute } from '@/app/api/chats/route';
import type { App } from '@/lib/app';
import { cookieOf, jsonRequest, ORIGIN, serveTestApp, signUp } from '@/tests/support/auth-client';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';
import { zipFile } from '@/tests/support/zip-file';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '..', 'chat', 'import-fixtures', name));
const noParams = { params: Promise.resolve({}) };
const uploadHeaders = (cookie?: string) => ({ origin: ORIGIN, 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) });

type ImportAnswer = {
  source: string;
  imported: number;
  skipped: number;
  chats: Array<{ id: string; title: string }>;
  error?: { code: string };
};
type ChatView = {
  title: string;
  importedFrom: string | null;
  messages: Array<{ role: string; kind: string; text: string; status: string }>;
};

// A person moving from ChatGPT or Claude.ai (or another Quire) brings their chats along; a hostile file makes nothing.
describe('importing chats', () => {
  let db: TestDatabase;
  let app: App;
  let people = 0;

  const person = async () => cookieOf(await signUp(app, { email: `importer-${++people}@example.com` }));
  const upload = async (cookie: string | undefined, bytes: Buffer | string, name = 'conversations.json') => {
    const form = new FormData();
    form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
    const response = await importRoute(
      new Request(`${ORIGIN}/api/chats/import`, { method: 'POST', body: form, headers: uploadHeaders(cookie) }),
      noParams,
    );
    return { status: response.status, body: (await response.json()) as ImportAnswer };
  };
  const listOf = async (cookie: string) =>
    (await (await listRoute(jsonRequest('/api/chats?limit=100', { cookie }), noParams)).json()) as Array<{ id: string; title: string }>;
  const viewOf = async (cookie: string, id: string) =>
    (await (await viewRoute(jsonRequest(`/api/chats/${id}`, { cookie }), { params: Promise.resolve({ id }) })).json()) as ChatView;
  const chatCount = () => db.prisma.chat.count();

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    app = await serveTestApp(db);
  }, 60_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it('a ChatGPT export: each conversation with something to read becomes a chat in the list, marked imported', async () => {
    const cookie = await person();
    const { status, body } = await upload(cookie, fixture('chatgpt-conversations.json'));
    expect(status).toBe(201);
    expect(body).toMatchObject({ source: 'chatgpt', imported: 3, skipped: 1 });
    const titles = (await listOf(cookie)).map((c) => c.title);
    expect(titles.sort()).toEqual(['A cat in a hat', 'Average of three numbers', 'Sorting a list in Python']);
    const sorting = body.chats.find((c) => c.title === 'Sorting a list in Python')!;
    const view = await viewOf(cookie, sorting.id);
    expect(view.importedFrom).toBe('chatgpt');
    expect(view.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(view.messages[2]!.text).toContain('[image: numbers-screenshot.png]');
    expect(view.messages[3]!.text).toContain('```python\nprint(sorted([3, 1, 2], reverse=True))');
    // no model was called and nothing charged: no ledger row for any of the new chats
    expect(await db.prisma.ledgerEntry.count({ where: { chatId: { in: body.chats.map((c) => c.id) } } })).toBe(0);
  });

  it('a Claude.ai export ZIP: its conversations.json becomes chats', async () => {
    const cookie = await person();
    const zip = zipFile([
      { name: 'users.json', data: Buffer.from('[]') },
      { name: 'conversations.json', data: fixture('claude-conversations.json') },
    ]);
    const { status, body } = await upload(cookie, zip, 'data-2025-02-11.zip');
    expect(status).toBe(201);
    expect(body).toMatchObject({ source: 'claude', imported: 1, skipped: 1 });
    const view = await viewOf(cookie, body.chats[0]!.id);
    expect(view).toMatchObject({ title: 'Tea for a cold evening', importedFrom: 'claude' });
    expect(view.messages.map((m) => m.text.split('\n')[0])).toEqual([
      '[file: cupboard.txt]',
      'Chamomile: it has no caffeine, so it will not keep you awake.',
      'Thanks!',
    ]);
  });

  it('a chat exported from Quire as JSON and imported again reads the same', async () => {
    const cookie = await person();
    const owner = await db.prisma.user.findUniqueOrThrow({ where: { email: `importer-${people}@example.com` } });
    const original = await db.prisma.chat.create({ data: { userId: owner.id, title: 'Round trip: 東京', model: 'sim-swift' } });
    const start = Date.UTC(2026, 0, 5, 12);
    await db.prisma.message.createMany({
      data: Array.from({ length: 30 }, (_, n) => ({
        chatId: original.id,
        role: n % 2 === 0 ? 'user' : 'assistant',
        model: n % 2 === 0 ? null : 'sim-swift',
        text: n % 2 === 0 ? `Question ${n}` : `Answer ${n}\n\n\`\`\`js\nconsole.log(${n});\n\`\`\``,
        status: n === 29 ? 'truncated' : 'complete',
        costMicros: 100n,
        createdAt: new Date(start + n * 1000),
      })),
    });
    const exported = await exportRoute(jsonRequest(`/api/chats/${original.id}/export?format=json`, { cookie }), {
      params: Promise.resolve({ id: original.id }),
    });
    const exportedBytes = Buffer.from(await exported.arrayBuffer());
    const { status, body } = await upload(cookie, exportedBytes, 'Round-trip.json');
    expect(status).toBe(201);
    expect(body).toMatchObject({ source: 'quire', imported: 1 });
    const [before, after] = [await viewOf(cookie, original.id), await viewOf(cookie, body.chats[0]!.id)];
    const shape = (view: ChatView) => view.messages.map(({ role, kind, text, status }) => ({ role, kind, text, status }));
    expect(after.title).toBe('Round trip: 東京');
    expect(after.importedFrom).toBe('quire');
    expect(shape(after)).toEqual(shape(before));
    const copied = await db.prisma.message.findMany({ where: { chatId: body.chats[0]!.id }, orderBy: { createdAt: 'asc' } });
    expect(copied.map((m) => m.createdAt.getTime())).toEqual(Array.from({ length: 30 }, (_, n) => start + n * 1000));
    expect(copied.every((m) => m.costMicros === 0n)).toBe(true);
  });

  it('hostile and wrong files get a 4xx with their own code, and make no chat', async () => {
    const cookie = await person();
    const before = await chatCount();
    const refusals: Record<string, { status: number; code?: string }> = {};
    const refuse = async (label: string, bytes: Buffer | string, name?: string) => {
      const { status, body } = await upload(cookie, bytes, name);
      refusals[label] = { status, code: body.error?.code };
    };
    await refuse('garbage', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]), 'photo.png');
    await refuse('depth bomb', `[${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}]`);
    const bomb = zipFile([{ name: 'conversations.json', data: Buffer.alloc(64 * 1024 * 1024, 0x20), declaredSize: 1000 }]);
    expect(bomb.length).toBeLessThan(200 * 1024); // 64 MB packed into a small upload
    await refuse('zip bomb', bomb, 'export.zip');
    expect(refusals).toEqual({
      garbage: { status: 422, code: 'import_not_recognised' },
      'depth bomb': { status: 400, code: 'import_too_deep' },
      'zip bomb': { status: 413, code: 'import_zip_bomb' },
    });
    expect(await chatCount()).toBe(before);
  });

  it('a body over 50 MB is cut off as it streams with a 413, and more than 1,000 conversations is refused whole', async () => {
    const cookie = await person();
    const before = await chatCount();
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="file"; filename="c.json"\r\n\r\n['));
      },
      pull(controller) {
        // 200 MB if it were all read
        if (sent >= 200 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await importRoute(
      new Request(`${ORIGIN}/api/chats/import`, {
        method: 'POST',
        body: endless,
        headers: { ...uploadHeaders(cookie), 'content-type': 'multipart/form-data; boundary=b' },
        duplex: 'half',
      } as RequestInit),
      noParams,
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as ImportAnswer).error?.code).toBe('import_too_large');
    expect(sent).toBeLessThan(60 * 1024 * 1024);

    const one = { name: 'x', created_at: '2025-01-01T00:00:00Z', chat_messages: [{ sender: 'human', text: 'hi' }] };
    const many = await upload(cookie, JSON.stringify(Array.from({ length: 1001 }, () => one)));
    expect([many.status, many.body.error?.code]).toEqual([413, 'import_too_many_chats']);
    expect(await chatCount()).toBe(before);
  });

  it('signed out is a 401; another site’s page is a 403; a sixth import in a minute is a 429', async () => {
    expect((await upload(undefined, fixture('claude-conversations.json'))).status).toBe(401);
    const cookie = await person();
    const form = new FormData();
    form.append('file', new Blob([fixture('claude-conversations.json')]), 'conversations.json');
    const crossSite = await importRoute(
      new Request(`${ORIGIN}/api/chats/import`, { method: 'POST', body: form, headers: { origin: 'https://evil.example', cookie } }),
      noParams,
    );
    expect(crossSite.status).toBe(403);
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await upload(cookie, 'not json')).status);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });
});
