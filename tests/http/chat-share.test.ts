import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE as revokeRoute, GET as activeRoute, POST as shareRoute } from '@/app/api/chats/[id]/share/route';
import { GET as sharedMessagesRoute } from '@/app/api/shared/chats/[token]/messages/route';
import type { App } from '@/lib/app';
import { openSharedChat } from '@/lib/chat/share-chat';
import { cookieOf, jsonRequest, serveTestApp, signUp } from '@/tests/support/auth-client';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';

const BEFORE = 120; // more than the shared page's first page: the rest is read by cursor

// A person shares a chat by a read-only link: others read it as it was then, until the link is revoked.
describe('sharing a chat by link', () => {
  let db: TestDatabase;
  let app: App;
  let owner: string;
  let reader: string;
  let chatId: string;

  const call = (method: 'POST' | 'GET' | 'DELETE', as?: string) => {
    const route = method === 'POST' ? shareRoute : method === 'GET' ? activeRoute : revokeRoute;
    return route(jsonRequest(`/api/chats/${chatId}/share`, { method, cookie: as }), { params: Promise.resolve({ id: chatId }) });
  };
  const tokenOf = (url: string) => new URL(url).pathname.split('/').at(-1)!;
  const readAll = async (token: string, as: string) => {
    const view = await openSharedChat(db.prisma, token);
    const texts = view.messages.map((m) => m.text);
    let next = view.older ? `/api/shared/chats/${token}/messages?cursor=` : null;
    let url = next;
    if (view.older) {
      const { encodeCursor } = await import('@/lib/http/paging');
      url = `${next}${encodeCursor(view.older)}`;
    }
    while (url) {
      const response = await sharedMessagesRoute(jsonRequest(url, { cookie: as }), { params: Promise.resolve({ token }) });
      expect(response.status).toBe(200);
      const page = (await response.json()) as Array<{ text: string; costMicros?: number }>;
      expect(page.every((m) => m.costMicros === undefined)).toBe(true);
      texts.unshift(...page.map((m) => m.text).reverse());
      next = /<([^>]*)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1] ?? null;
      url = next;
    }
    return { view, texts };
  };

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    app = await serveTestApp(db);
    owner = cookieOf(await signUp(app, { email: 'sharer@example.com', name: 'Ada Sharer' }));
    reader = cookieOf(await signUp(app, { email: 'reader@example.com' }));
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: 'sharer@example.com' } });
    chatId = (await db.prisma.chat.create({ data: { userId: user.id, title: 'Trip plan', model: 'sim-swift' } })).id;
    const start = Date.now() - 3_600_000;
    await db.prisma.message.createMany({
      data: Array.from({ length: BEFORE }, (_, n) => ({
        chatId,
        role: n % 2 === 0 ? 'user' : 'assistant',
        text: `Before ${n + 1}`,
        status: 'complete',
        createdAt: new Date(start + n * 1000),
      })),
    });
  }, 60_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it('the owner makes a link; another signed-in person reads the chat as it was, not the messages written after', async () => {
    const created = await call('POST', owner);
    expect(created.status).toBe(201);
    const link = (await created.json()) as { url: string; createdAt: string };
    expect(link.url).toMatch(/\/shared\/chats\/[\w-]{20,}$/);
    // the dialog shows the same link again
    expect(((await (await call('GET', owner)).json()) as { url: string }).url).toBe(link.url);
    // a second link while one is active is refused
    expect((await call('POST', owner)).status).toBe(409);
    // the database keeps only a hash of the token
    const row = await db.prisma.chatShare.findFirstOrThrow({ where: { chatId } });
    expect(row.tokenHash).not.toContain(tokenOf(link.url));

    await db.prisma.message.create({
      data: { chatId, role: 'user', text: 'Written after sharing', status: 'complete' },
    });

    const { view, texts } = await readAll(tokenOf(link.url), reader);
    expect(view.title).toBe('Trip plan');
    expect(view.sharedBy).toBe('Ada Sharer');
    expect(view.messages.length).toBeLessThan(BEFORE);
    expect(texts).toEqual(Array.from({ length: BEFORE }, (_, n) => `Before ${n + 1}`));
  });

  it('someone else cannot see, make or revoke the link (404); signed out is a 401', async () => {
    expect((await call('GET', reader)).status).toBe(404);
    expect((await call('POST', reader)).status).toBe(404);
    expect((await call('DELETE', reader)).status).toBe(404);
    for (const method of ['POST', 'GET', 'DELETE'] as const) expect((await call(method)).status).toBe(401);
    const { url } = (await (await call('GET', owner)).json()) as { url: string };
    const token = tokenOf(url);
    const signedOut = await sharedMessagesRoute(jsonRequest(`/api/shared/chats/${token}/messages`), { params: Promise.resolve({ token }) });
    expect(signedOut.status).toBe(401);
  });

  it('a revoked link is a 404; a new link has a new token', async () => {
    const { url } = (await (await call('GET', owner)).json()) as { url: string };
    const token = tokenOf(url);
    expect((await call('DELETE', owner)).status).toBe(200);
    expect((await call('GET', owner)).status).toBe(404);
    expect((await call('DELETE', owner)).status).toBe(404);
    const gone = await sharedMessagesRoute(jsonRequest(`/api/shared/chats/${token}/messages`, { cookie: reader }), {
      params: Promise.resolve({ token }),
    });
    expect(gone.status).toBe(404);
    await expect(openSharedChat(db.prisma, token)).rejects.toMatchObject({ code: 'not_found' });
    await expect(openSharedChat(db.prisma, 'no-such-token')).rejects.toMatchObject({ code: 'not_found' });

    const again = (await (await call('POST', owner)).json()) as { url: string };
    expect(tokenOf(again.url)).not.toBe(token);
    const { texts } = await readAll(tokenOf(again.url), reader);
    expect(texts.at(-1)).toBe('Written after sharing');
  });
});
