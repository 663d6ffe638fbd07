import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as chatsRoute } from '@/app/api/chats/route';
import { GET as chatRoute } from '@/app/api/chats/[id]/route';
import { GET as messagesRoute } from '@/app/api/chats/[id]/messages/route';
import { GET as transcriptRoute } from '@/app/api/staff/transcripts/[chatId]/route';
import { GET as transcriptMessagesRoute } from '@/app/api/staff/transcripts/[chatId]/messages/route';
import type { ChatJson as ChatView } from '@/components/api/api-types';
import { nextLink } from '@/components/api/fetch-page';
import { prependOlderPage } from '@/components/chat/chat-history';
import { CHART_ANSWERS, turnCostSeries } from '@/components/insights/turn-costs';
import type { App } from '@/lib/app';
import { cookieOf, jsonRequest, serveTestApp, signUp } from '@/tests/support/auth-client';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';

const LONG = 520;
const number = (text: string) => Number(text.replace('message ', ''));
/** the second message n was written in (message n + 1 at second n; every tenth pair shares one) */
const secondOf = (n: number) => (n % 10 === 2 ? n - 2 : n - 1);

interface MessageJson {
  id: string;
  text: string;
  calls?: unknown[];
}
interface ChatJson {
  messages: MessageJson[];
  olderPage: string | null;
  newerPage: string | null;
}

// A long conversation read as the app reads it: the newest page with the chat, older pages by cursor.
describe('a long chat opens with its newest page and is read back to its first message', () => {
  let db: TestDatabase;
  let app: App;
  let cookie: string;
  let staffCookie: string;
  let chatId: string;
  const call = async (
    route: (request: Request, context: any) => Promise<Response>,
    url: string,
    params: Record<string, string>,
    as = cookie,
  ) => {
    const response = await route(jsonRequest(url, { cookie: as }), { params: Promise.resolve(params) });
    return { status: response.status, body: await response.json(), next: nextLink(response.headers.get('link')) };
  };

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    app = await serveTestApp(db);
    cookie = cookieOf(await signUp(app, { email: 'long-talker@example.com' }));
    staffCookie = cookieOf(await signUp(app, { email: 'reader-staff@example.com' }));
    await db.prisma.user.update({ where: { email: 'reader-staff@example.com' }, data: { role: 'staff' } });
    const owner = await db.prisma.user.findUniqueOrThrow({ where: { email: 'long-talker@example.com' } });
    const chat = await db.prisma.chat.create({ data: { userId: owner.id, title: 'Three days of support', model: 'sim-swift' } });
    chatId = chat.id;
    // message n at second n; every tenth pair shares its second, so order within a second falls to the id
    const start = Date.UTC(2026, 0, 1);
    await db.prisma.message.createMany({
      data: Array.from({ length: LONG }, (_, n) => ({
        chatId,
        role: n % 2 === 0 ? 'user' : 'assistant',
        text: `message ${n + 1}`,
        // each answer's input tokens and cost: its number, and ten times it
        ...(n % 2 === 1 ? { inputTokens: n + 1, costMicros: BigInt((n + 1) * 10) } : {}),
        createdAt: new Date(start + (n % 10 === 1 ? n - 1 : n) * 1000),
      })),
    });
  }, 60_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it('the chat comes with its 50 newest messages, oldest first, and where the older ones are', async () => {
    const { status, body } = await call(chatRoute, `/api/chats/${chatId}`, { id: chatId });
    expect(status).toBe(200);
    const chat = body as ChatJson;
    expect(chat.messages).toHaveLength(50);
    expect(chat.messages.map((m) => number(m.text)).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, n) => LONG - 49 + n));
    expect(chat.messages.at(-1)!.text).toBe(`message ${LONG}`);
    expect(chat.olderPage).toMatch(new RegExp(`^/api/chats/${chatId}/messages\\?cursor=`));
  });

  it('the insights number every answer and total the whole chat, from the newest page and as older pages are read in', async () => {
    const answers = LONG / 2;
    // answers are the even-numbered messages 2, 4, … LONG
    const inputTokens = Array.from({ length: answers }, (_, n) => 2 * (n + 1)).reduce((a, b) => a + b, 0);
    let chat = (await call(chatRoute, `/api/chats/${chatId}`, { id: chatId })).body as ChatView;
    expect(chat.earlierUsage).toEqual({ answers: answers - 25, inputTokens: expect.any(Number), costMicros: expect.any(Number) });
    const whole = () => turnCostSeries(chat.messages, chat.earlierUsage);
    expect(whole().totalMicros).toBe(inputTokens * 10);
    expect(whole().points.at(-1)).toMatchObject({ turn: answers, cumulativeInput: inputTokens, inputTokens: LONG });
    while (chat.olderPage) {
      const page = await call(messagesRoute, chat.olderPage, { id: chatId });
      chat = prependOlderPage(chat, { items: page.body as ChatView['messages'], next: page.next });
      expect(whole().totalMicros).toBe(inputTokens * 10);
      expect(whole().points.at(-1)).toMatchObject({ turn: answers, cumulativeInput: inputTokens });
    }
    expect(chat.earlierUsage).toEqual({ answers: 0, inputTokens: 0, costMicros: 0 });
    // the chart itself: the newest answers, numbered as in the whole chat
    expect(whole().points).toHaveLength(CHART_ANSWERS);
    expect(whole().points[0]!.turn).toBe(answers - CHART_ANSWERS + 1);
  });

  it('following olderPage and then each Link reaches the first message, each one once, even as new ones arrive', async () => {
    const chat = (await call(chatRoute, `/api/chats/${chatId}`, { id: chatId })).body as ChatJson;
    const seen = chat.messages.map((m) => m.text);
    let next: string | null = `${chat.olderPage}&limit=120`;
    let pages = 0;
    while (next) {
      const page = await call(messagesRoute, next, { id: chatId });
      expect(page.status).toBe(200);
      // newest first within a page: reversed, it goes in front of what is shown
      seen.unshift(...(page.body as MessageJson[]).map((m) => m.text).reverse());
      next = page.next;
      if (++pages === 1) {
        // the conversation goes on while the person scrolls back: the new message is not in the older pages
        await db.prisma.message.create({ data: { chatId, role: 'user', text: 'a new question', createdAt: new Date() } });
      }
    }
    // every message once, in the conversation's order (a pair written in the same second in either order: the id decides)
    expect([...seen].sort((a, b) => number(a) - number(b))).toEqual(Array.from({ length: LONG }, (_, n) => `message ${n + 1}`));
    const seconds = seen.map((text) => secondOf(number(text)));
    expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
  });

  it('long messages make a shorter first page (at least 10), and the rest follow without a gap', async () => {
    const owner = await db.prisma.user.findUniqueOrThrow({ where: { email: 'long-talker@example.com' } });
    const { id } = await db.prisma.chat.create({ data: { userId: owner.id, title: 'Essays', model: 'sim-swift' } });
    const start = Date.UTC(2026, 1, 1);
    await db.prisma.message.createMany({
      data: Array.from({ length: 30 }, (_, n) => ({
        chatId: id,
        role: 'user',
        text: `essay ${n + 1} ${'x'.repeat(5_000)}`,
        createdAt: new Date(start + n * 1000),
      })),
    });
    const chat = (await call(chatRoute, `/api/chats/${id}`, { id })).body as ChatJson;
    expect(chat.messages.map((m) => m.text.split(' ').slice(0, 2).join(' '))).toEqual(
      Array.from({ length: 10 }, (_, n) => `essay ${21 + n}`),
    );
    const older = await call(messagesRoute, chat.olderPage!, { id });
    expect((older.body as MessageJson[]).map((m) => m.text.split(' ').slice(0, 2).join(' '))).toEqual(
      Array.from({ length: 20 }, (_, n) => `essay ${20 - n}`),
    );
    expect(older.next).toBeNull();
  });

  it('someone else reading the pages gets 404; a bad cursor is a 400', async () => {
    const stranger = cookieOf(await signUp(app, { email: 'stranger@example.com' }));
    expect((await call(messagesRoute, `/api/chats/${chatId}/messages`, { id: chatId }, stranger)).status).toBe(404);
    const bad = await call(messagesRoute, `/api/chats/${chatId}/messages?cursor=not-a-cursor`, { id: chatId });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: expect.any(String), message: expect.stringContaining('cursor') } });
    expect((await call(messagesRoute, `/api/chats/${chatId}/messages?limit=201`, { id: chatId })).status).toBe(400);
  });

  it('staff read a transcript the same way, with each answer’s model calls', async () => {
    const transcript = (await call(transcriptRoute, `/api/staff/transcripts/${chatId}`, { chatId }, staffCookie)).body as ChatJson;
    expect(transcript.messages).toHaveLength(50);
    expect(transcript.olderPage).toMatch(new RegExp(`^/api/staff/transcripts/${chatId}/messages\\?cursor=`));
    const older = await call(transcriptMessagesRoute, transcript.olderPage!, { chatId }, staffCookie);
    expect(older.status).toBe(200);
    expect((older.body as MessageJson[])[0]!.calls).toEqual([]);
    expect((await call(transcriptMessagesRoute, transcript.olderPage!, { chatId }, cookie)).status).toBe(403);
  });

  it('a search hit far back opens the chat at that message, and the pages after it read on to the newest, each message once', async () => {
    const owner = await db.prisma.user.findUniqueOrThrow({ where: { email: 'long-talker@example.com' } });
    const { id } = await db.prisma.chat.create({ data: { userId: owner.id, title: 'A trip', model: 'sim-swift' } });
    const start = Date.UTC(2026, 2, 1);
    await db.prisma.message.createMany({
      data: Array.from({ length: 300 }, (_, n) => ({
        chatId: id,
        role: n % 2 === 0 ? 'user' : 'assistant',
        text: n === 36 ? 'message 37: the ferry to Suomenlinna leaves at dawn' : `message ${n + 1}`,
        createdAt: new Date(start + n * 1000),
      })),
    });
    const search = await call(chatsRoute, '/api/chats?q=suomenlinna', {});
    const hit = (search.body as Array<{ id: string; messageId: string | null }>).find((h) => h.id === id)!;
    const target = await db.prisma.message.findFirstOrThrow({ where: { chatId: id, text: { contains: 'Suomenlinna' } } });
    expect(hit.messageId).toBe(target.id);

    const { status, body } = await call(chatRoute, `/api/chats/${id}?around=${hit.messageId}`, { id });
    expect(status).toBe(200);
    const chat = body as ChatJson;
    const numbers = chat.messages.map((m) => number(m.text.split(':')[0]!));
    // the hit with its neighbours, in the conversation's order, no more than a page
    expect(numbers).toContain(37);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(numbers.length).toBeLessThanOrEqual(50);
    expect(numbers[0]).toBeLessThan(37);
    expect(numbers.at(-1)).toBeGreaterThan(37);

    // up to the first message and down to the newest
    const seen = [...numbers];
    for (let next = chat.olderPage; next; ) {
      const page = await call(messagesRoute, next, { id });
      seen.unshift(...(page.body as MessageJson[]).map((m) => number(m.text)).reverse());
      next = page.next;
    }
    let newerPages = 0;
    for (let next = chat.newerPage; next; newerPages++) {
      const page = await call(messagesRoute, next, { id });
      expect(page.status).toBe(200);
      // a page after the view reads forward: oldest first, appended as it comes
      seen.push(...(page.body as MessageJson[]).map((m) => number(m.text)));
      next = page.next;
    }
    expect(newerPages).toBeGreaterThan(1);
    expect(seen).toEqual(Array.from({ length: 300 }, (_, n) => n + 1));

    // the newest page itself has nothing after it
    expect(((await call(chatRoute, `/api/chats/${id}`, { id })).body as ChatJson).newerPage).toBeNull();
  });

  it('opening at a message of another chat, or at one that is gone, is a 404; staff open a transcript at an answer', async () => {
    const elsewhere = await db.prisma.message.findFirstOrThrow({ where: { chat: { title: 'Essays' } } });
    expect((await call(chatRoute, `/api/chats/${chatId}?around=${elsewhere.id}`, { id: chatId })).status).toBe(404);
    expect((await call(chatRoute, `/api/chats/${chatId}?around=gone`, { id: chatId })).status).toBe(404);
    expect((await call(chatRoute, `/api/chats/${chatId}?around=${'x'.repeat(101)}`, { id: chatId })).status).toBe(400);

    const answer = await db.prisma.message.findFirstOrThrow({ where: { chatId, text: 'message 200' } });
    const transcript = (await call(transcriptRoute, `/api/staff/transcripts/${chatId}?around=${answer.id}`, { chatId }, staffCookie))
      .body as ChatJson;
    expect(transcript.messages.map((m) => m.text)).toContain('message 200');
    expect(transcript.newerPage).toMatch(new RegExp(`^/api/staff/transcripts/${chatId}/messages\\?cursor=`));
    const later = await call(transcriptMessagesRoute, transcript.newerPage!, { chatId }, staffCookie);
    expect((later.body as MessageJson[])[0]!.calls).toEqual([]);
  });
});
