import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as readInstructions, PUT as saveInstructions } from '@/app/api/account/instructions/route';
import { PATCH as patchChat } from '@/app/api/chats/[id]/route';
import type { App } from '@/lib/app';
import { INSTRUCTIONS_MAX_CHARS } from '@/lib/chat/limits';
import { cookieOf, jsonRequest, serveTestApp, signUp } from '@/tests/support/auth-client';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';

// Settings → Instructions and a chat's own instructions, through the routes the browser calls.
describe('instructions, as the settings page and the chat menu save them', () => {
  let db: TestDatabase;
  let app: App;
  let person: string;
  let other: string;
  let chatId: string;

  const put = (body: unknown, cookie?: string) =>
    saveInstructions(jsonRequest('/api/account/instructions', { method: 'PUT', body, cookie }), { params: Promise.resolve({}) });
  const get = (cookie?: string) => readInstructions(jsonRequest('/api/account/instructions', { cookie }), { params: Promise.resolve({}) });
  const patch = (body: unknown, cookie: string) =>
    patchChat(jsonRequest(`/api/chats/${chatId}`, { method: 'PATCH', body, cookie }), { params: Promise.resolve({ id: chatId }) });

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    app = await serveTestApp(db);
    person = cookieOf(await signUp(app, { email: 'writer@example.com' }));
    other = cookieOf(await signUp(app, { email: 'other@example.com' }));
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: 'writer@example.com' } });
    chatId = (await db.prisma.chat.create({ data: { userId: user.id, title: 'Thesis', model: 'sim-swift' } })).id;
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('are empty until written, saved trimmed, and read back by their owner only', async () => {
    expect(await (await get(person)).json()).toEqual({ aboutMe: '', answerStyle: '' });
    const saved = await put({ aboutMe: '  A PhD student in Leeds. ', answerStyle: 'British spelling.' }, person);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ aboutMe: 'A PhD student in Leeds.', answerStyle: 'British spelling.' });
    expect(await (await get(person)).json()).toEqual({ aboutMe: 'A PhD student in Leeds.', answerStyle: 'British spelling.' });
    expect(await (await get(other)).json()).toEqual({ aboutMe: '', answerStyle: '' });
    expect((await get()).status).toBe(401);
    expect((await put({ aboutMe: 'x', answerStyle: 'y' })).status).toBe(401);
  });

  it('over the limit, or with a field missing, is a 400 that names the limit and keeps what was saved', async () => {
    const tooLong = await put({ aboutMe: 'a'.repeat(INSTRUCTIONS_MAX_CHARS + 1), answerStyle: '' }, person);
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(await tooLong.json())).toContain(String(INSTRUCTIONS_MAX_CHARS));
    expect((await put({ aboutMe: 'only one' }, person)).status).toBe(400);
    expect(await (await get(person)).json()).toEqual({ aboutMe: 'A PhD student in Leeds.', answerStyle: 'British spelling.' });
  });

  it('a chat’s own instructions are saved on the chat, shown with it, limited alike, and only by its owner', async () => {
    const saved = await patch({ instructions: ' Cite the chapter. ' }, person);
    expect(saved.status).toBe(200);
    expect((await saved.json()).instructions).toBe('Cite the chapter.');
    expect((await patch({ instructions: 'b'.repeat(INSTRUCTIONS_MAX_CHARS + 1) }, person)).status).toBe(400);
    expect((await patch({ instructions: 'mine now' }, other)).status).toBe(404);
    expect((await db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } })).instructions).toBe('Cite the chapter.');
  });

  it('the database refuses an over-long value written past the routes', async () => {
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: 'writer@example.com' } });
    await expect(
      db.prisma.personalInstructions.update({ where: { userId: user.id }, data: { aboutMe: 'c'.repeat(INSTRUCTIONS_MAX_CHARS + 1) } }),
    ).rejects.toThrow();
  });
});
