import { expect, request as newRequest, test } from '@playwright/test';
import { signUpApi, simulatorKeyOfTestServer } from './support';

test.describe('the HTTP API refuses bad requests clearly', () => {
  test('every route but auth needs a session: 401 with the error shape', async ({ request }) => {
    for (const [method, path] of [
      ['get', '/api/chats'],
      ['get', '/api/wallet'],
      ['get', '/api/models'],
      ['get', '/api/ledger'],
      ['post', '/api/chats'],
    ] as const) {
      const res = await request[method](path);
      expect(res.status(), path).toBe(401);
      expect((await res.json()).error).toMatchObject({ code: 'unauthorized', message: expect.any(String) });
    }
  });

  test("another user's chat is a 404, never a 403 and never its content", async ({ baseURL }) => {
    const alice = await newRequest.newContext({ baseURL });
    const bob = await newRequest.newContext({ baseURL });
    await signUpApi(alice);
    await signUpApi(bob);
    const { id } = await (await alice.post('/api/chats', { data: {} })).json();
    expect((await alice.get(`/api/chats/${id}`)).status()).toBe(200);
    for (const res of [
      await bob.get(`/api/chats/${id}`),
      await bob.post(`/api/chats/${id}/messages`, { data: { text: 'hi' } }),
      await bob.post(`/api/chats/${id}/stop`),
      await bob.post(`/api/chats/${id}/close`),
    ]) {
      expect(res.status()).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
    }
  });

  test('malformed and oversized bodies are 400 and 413, never 500', async ({ request }) => {
    await signUpApi(request);
    const { id } = await (await request.post('/api/chats', { data: {} })).json();
    const malformed = await request.post(`/api/chats/${id}/messages`, {
      headers: { 'content-type': 'application/json' },
      data: Buffer.from('{"text": '),
    });
    expect(malformed.status()).toBe(400);
    expect((await malformed.json()).error.code).toBe('invalid_json');
    const tooLong = await request.post(`/api/chats/${id}/messages`, { data: { text: 'x'.repeat(6001) } });
    expect(tooLong.status()).toBe(400);
    expect((await tooLong.json()).error.message).toMatch(/6000|6,000/);
    const wrongType = await request.post(`/api/chats/${id}/messages`, { data: { text: 42 } });
    expect(wrongType.status()).toBe(400);
    const huge = await request.post(`/api/chats/${id}/messages`, {
      headers: { 'content-type': 'application/json' },
      data: Buffer.from(JSON.stringify({ text: 'y'.repeat(200_000) })),
    });
    expect(huge.status()).toBe(413);
    const unknownModel = await request.post('/api/chats', { data: { model: 'no-such-model' } });
    expect(unknownModel.status()).toBe(400);
  });

  test('files waiting in a chat: listed for their owner only, removed while they wait, 409 once a document took them', async ({
    baseURL,
  }) => {
    const alice = await newRequest.newContext({ baseURL });
    const bob = await newRequest.newContext({ baseURL });
    await signUpApi(alice);
    await signUpApi(bob);
    const { id: chatId } = await (await alice.post('/api/chats', { data: {} })).json();
    const attach = async (name: string) => {
      const res = await alice.post('/api/documents/attachments', {
        multipart: { chatId, file: { name, mimeType: 'text/plain', buffer: Buffer.from('One.\n\nTwo.') } },
      });
      expect(res.status()).toBe(201);
      return ((await res.json()) as Array<{ id: string }>)[0]!.id;
    };
    const first = await attach('first.txt');

    const missing = await alice.get('/api/documents/attachments');
    expect(missing.status()).toBe(400);
    expect((await missing.json()).error.message).toMatch(/chatId/);
    expect((await bob.get(`/api/documents/attachments?chatId=${chatId}`)).status()).toBe(404);
    const listed = await alice.get(`/api/documents/attachments?chatId=${chatId}`);
    expect(await listed.json()).toEqual([
      { id: first, title: 'first', kind: 'text', size: { unit: 'paragraph', count: 2 }, createdAt: expect.any(String) },
    ]);

    const foreign = await bob.delete(`/api/documents/attachments/${first}`);
    expect(foreign.status()).toBe(404);
    expect((await foreign.json()).error.code).toBe('not_found');
    expect((await alice.delete(`/api/documents/attachments/${first}`)).status()).toBe(200);
    expect((await alice.delete(`/api/documents/attachments/${first}`)).status()).toBe(404);
    expect(await (await alice.get(`/api/documents/attachments?chatId=${chatId}`)).json()).toEqual([]);

    // the chat's start_document adopts the waiting file: from then on it belongs to the document
    const second = await attach('second.txt');
    const turn = await alice.post(`/api/chats/${chatId}/messages`, { data: { text: 'Write a report on the second file' } });
    expect(turn.status()).toBe(200);
    await turn.body();
    const adopted = await alice.delete(`/api/documents/attachments/${second}`);
    expect(adopted.status()).toBe(409);
    expect(await adopted.json()).toMatchObject({ error: { code: 'conflict' }, documentId: expect.any(String) });
    await alice.dispose();
    await bob.dispose();
  });

  test('staff routes answer 403 to non-staff', async ({ request }) => {
    await signUpApi(request);
    expect((await request.get('/api/staff/transcripts')).status()).toBe(403);
    expect((await request.post('/api/staff/credits', { data: { email: 'x@example.com', amountMicros: 1, reason: 'x' } })).status()).toBe(
      403,
    );
  });

  test('the model catalog lists the simulated models as offline', async ({ request }) => {
    await signUpApi(request);
    const models = await (await request.get('/api/models')).json();
    expect(models.length).toBeGreaterThanOrEqual(3);
    expect(models.every((m: { simulated: boolean }) => m.simulated)).toBe(true);
    expect(models.some((m: { reasoning: boolean }) => m.reasoning)).toBe(true);
  });

  test('the simulator speaks OpenAI SSE through the app to the server that holds its key', async ({ request }) => {
    const res = await request.post('/api/simulator/v1/chat/completions', {
      headers: { authorization: `Bearer ${simulatorKeyOfTestServer()}` },
      data: { model: 'sim-swift', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hello' }] },
    });
    const body = await res.text();
    const events = body.split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.slice('data: '.length)));
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    expect(chunks.at(-1).choices).toEqual([]);
    expect(chunks.at(-1).usage.completion_tokens).toBeGreaterThan(0);
    expect(chunks.at(-2).choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
  });
});
