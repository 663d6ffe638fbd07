import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as contextRoute } from '@/app/api/chats/[id]/messages/[messageId]/context/route';
import type { App } from '@/lib/app';
import { loadChatView } from '@/lib/chat/chat-view';
import type { AnswerContext } from '@/lib/chat/context/answer-context';
import { cookieOf, jsonRequest, serveTestApp, signUp } from '@/tests/support/auth-client';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';

/**
 * The chat's page carries each answer's "What the model saw" as its tokens and cost only; opening it reads
 * the whole context, with the texts of the messages it names, from GET …/messages/:messageId/context — a
 * message recalled from far back too, though the page does not hold it.
 */
describe.each(testDatabaseKinds())('an answer context read when opened (%s)', (kind) => {
  let db: TestDatabase;
  let app: App;
  const params = (id: string, messageId: string) => ({ params: Promise.resolve({ id, messageId }) });

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = await serveTestApp(db);
  });
  afterAll(async () => {
    await app?.stopBus.close();
    await db?.dispose();
  });

  async function person(email: string) {
    const cookie = cookieOf(await signUp(app, { email }));
    const { id } = await db.prisma.user.findUniqueOrThrow({ where: { email } });
    return { id, cookie };
  }

  it('the page holds the headline; the route gives the context and the named messages to the owner and staff, 404 to anyone else', async () => {
    const owner = await person(`context-owner-${kind}@example.com`);
    const stranger = await person(`context-stranger-${kind}@example.com`);
    const staff = await person(`context-staff-${kind}@example.com`);
    await db.prisma.user.update({ where: { id: staff.id }, data: { role: 'staff' } });
    const chat = await db.prisma.chat.create({ data: { userId: owner.id, title: 'Harbour', model: 'sim-swift' } });
    const start = Date.UTC(2026, 3, 1);
    await db.prisma.message.createMany({
      data: Array.from({ length: 120 }, (_, i) => ({
        chatId: chat.id,
        role: i % 2 === 0 ? 'user' : 'assistant',
        text: i === 4 ? 'High water at the bay is at 06:12.' : `message ${i + 1}`,
        status: 'complete',
        createdAt: new Date(start + i * 60_000),
      })),
    });
    const rows = await db.prisma.message.findMany({ where: { chatId: chat.id }, orderBy: { createdAt: 'asc' }, select: { id: true } });
    const farBack = rows[4]!.id;
    const recent = rows.at(-2)!.id;
    const answer = rows.at(-1)!.id;
    const context: AnswerContext = {
      model: 'sim-swift',
      inputTokens: 321,
      costMicros: 48.15,
      parts: [{ part: 'system', tokens: 100, costMicros: 15 }],
      slots: [],
      summary: 'They talked about the harbour.',
      window: [{ id: recent, role: 'user', tokens: 5 }],
      recalled: [{ id: farBack, role: 'user', tokens: 12, matched: ['water'], excerpt: false }],
      omitted: 100,
    };
    await db.prisma.message.update({ where: { id: answer }, data: { meta: { context } } });

    const page = await loadChatView(db.prisma, chat.id, owner.id, { contextOnOpen: true });
    expect(page.messages.some((m) => m.id === farBack)).toBe(false);
    const shown = page.messages.find((m) => m.id === answer)!;
    expect(shown.meta).toEqual({
      contextHeadline: { inputTokens: 321, costMicros: 48.15, url: `/api/chats/${chat.id}/messages/${answer}/context` },
    });
    // the API's view is unchanged: the whole context
    expect((await loadChatView(db.prisma, chat.id, owner.id)).messages.find((m) => m.id === answer)!.meta).toEqual({ context });

    const url = shown.meta!.contextHeadline as { url: string };
    for (const viewer of [owner, staff]) {
      const response = await contextRoute(jsonRequest(url.url, { cookie: viewer.cookie }), params(chat.id, answer));
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.context).toEqual(context);
      expect(Object.fromEntries(body.messages.map((m: { id: string; text: string }) => [m.id, m.text]))).toEqual({
        [farBack]: 'High water at the bay is at 06:12.',
        [recent]: 'message 119',
      });
    }
    expect((await contextRoute(jsonRequest(url.url, { cookie: stranger.cookie }), params(chat.id, answer))).status).toBe(404);
    // a question has no context
    expect((await contextRoute(jsonRequest('/x', { cookie: owner.cookie }), params(chat.id, recent))).status).toBe(404);
    expect((await contextRoute(jsonRequest(url.url), params(chat.id, answer))).status).toBe(401);
  });
});
