import http from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { docxZipBomb } from '../tests/support/office-fixtures';
import { pidListeningOn, rssBytes, watchPeakRss } from './process-memory';
import { signUpApi, simulatorKeyOfTestServer, uniqueEmail } from './support';

const MB = 1024 * 1024;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function serverPort(baseURL: string | undefined): number {
  return Number(new URL(baseURL ?? 'http://localhost:3210').port);
}

async function newChat(request: APIRequestContext, title?: string): Promise<string> {
  const created = await request.post('/api/chats', { data: title === undefined ? {} : { title } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** The session cookie of an API context, for a request sent with node:http. */
async function cookieHeader(request: APIRequestContext): Promise<string> {
  const { cookies } = await request.storageState();
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/**
 * A multipart upload sent in chunks with no Content-Length (Transfer-Encoding:
 * chunked) that would total `totalBytes`; stops sending once the server answers.
 */
function chunkedUpload(
  port: number,
  path: string,
  cookie: string,
  totalBytes: number,
): Promise<{ status: number; body: string; sentBytes: number }> {
  const boundary = '----quire-hardening';
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const req = http.request({
      host: 'localhost',
      port,
      path,
      method: 'POST',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), sentBytes });
        req.destroy();
      });
    });
    // the server may close the connection once it has answered: that is the point
    req.on('error', (error) => (answered ? undefined : reject(error)));
    req.write(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="huge.txt"\r\ncontent-type: text/plain\r\n\r\n`);
    const piece = Buffer.alloc(MB, 'a');
    const pump = () => {
      while (!answered && sentBytes < totalBytes) {
        sentBytes += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!answered) req.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}

test.describe('the built-in simulator answers only its own server', () => {
  test('no key or a wrong key is 401; more than 1 MB of text is 413; a huge delay is clamped', async ({ request }) => {
    test.setTimeout(90_000);
    const hello = { model: 'sim-swift', stream: true, messages: [{ role: 'user', content: 'hello' }] };
    expect((await request.post('/api/simulator/v1/chat/completions', { data: hello })).status()).toBe(401);
    expect((await request.get('/api/simulator/v1/models')).status()).toBe(401);
    const wrong = await request.post('/api/simulator/v1/chat/completions', { headers: { authorization: 'Bearer guessed' }, data: hello });
    expect(wrong.status()).toBe(401);

    const authorization = `Bearer ${simulatorKeyOfTestServer()}`;
    const huge = { ...hello, messages: [{ role: 'user', content: 'x'.repeat(1.5 * MB) }] };
    expect((await request.post('/api/simulator/v1/chat/completions', { headers: { authorization }, data: huge })).status()).toBe(413);

    // a day-long delay per token would never finish; clamped, three pieces take a few seconds
    const slow = await request.post('/api/simulator/v1/chat/completions', {
      headers: { authorization },
      data: { ...hello, max_tokens: 2, messages: [{ role: 'user', content: '[sim:delay=999999999] hello' }] },
      timeout: 60_000,
    });
    expect(slow.status()).toBe(200);
    expect(await slow.text()).toContain('data: [DONE]');
  });
});

test.describe('hostile uploads cost the server little', () => {
  test('a 300 KB DOCX that inflates to 1 GB and a 60 MB chunked upload are refused, memory stays put, the server keeps answering', async ({
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signUpApi(request);
    const chatId = await newChat(request);
    const port = serverPort(baseURL);
    const pid = pidListeningOn(port);
    const before = rssBytes(pid);
    const peak = watchPeakRss(pid);

    const bomb = docxZipBomb({ entries: 4, inflatedMb: 256 });
    expect(bomb.byteLength).toBeLessThan(400 * 1024);
    const refused = await request.post('/api/documents/attachments', {
      multipart: { chatId, file: { name: 'bomb.docx', mimeType: DOCX, buffer: Buffer.from(bomb) } },
    });
    expect(refused.status()).toBe(422);
    const bombAnswer = await refused.json();
    expect(bombAnswer.limit).toBe('uncompressed_size');
    expect(bombAnswer.error.message).toMatch(/bomb\.docx.*inflates to/);

    const chunked = await chunkedUpload(port, '/api/documents/attachments', await cookieHeader(request), 60 * MB);
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).error.message).toMatch(/larger than 20 MB/);
    expect(chunked.sentBytes).toBeLessThan(60 * MB + 1);

    const grown = peak.stop() - before;
    expect(grown).toBeLessThan(400 * MB);
    // and it still answers everyone else
    expect((await request.get('/api/models')).status()).toBe(200);
    const listed = await request.get(`/api/documents/attachments?chatId=${chatId}`);
    expect(listed.status()).toBe(200);
    expect(await listed.json()).toEqual([]);
  });
});

test.describe('U+0000 and lone surrogates in any text field are never a 500', () => {
  const NUL = 'a\u0000b';
  const LONE = 'c\uD800d';

  test('sign-up name, chat title, message, slot value and key, document request, pasted and uploaded text, answers, section body, rewrite instruction', async ({
    request,
  }) => {
    test.setTimeout(180_000);
    const statuses: Array<[string, number]> = [];
    const note = (what: string, status: number) => statuses.push([what, status]);
    const signUp = await request.post('/api/auth/sign-up/email', {
      data: { email: uniqueEmail('nul'), password: 'correct-horse-battery', name: `Ada ${NUL} ${LONE}` },
    });
    note('sign-up name', signUp.status());
    expect(signUp.ok()).toBe(true);

    const chatId = await newChat(request, `Title ${NUL} ${LONE}`);
    const chat = await (await request.get(`/api/chats/${chatId}`)).json();
    expect(chat.title).toBe('Title ab cd');
    note('rename', (await request.patch(`/api/chats/${chatId}`, { data: { title: NUL } })).status());

    const message = await request.post(`/api/chats/${chatId}/messages`, { data: { text: `I use Linux ${NUL} ${LONE}` } });
    note('message', message.status());
    await message.body(); // the whole turn
    const keyFact = await request.patch(`/api/chats/${chatId}/slots/os`, { data: { value: `Lin${'\u0000'}ux` } });
    note('slot value', keyFact.status());
    expect(await keyFact.json()).toMatchObject({ key: 'os', value: 'Linux' });
    expect(
      (await request.patch(`/api/chats/${chatId}/slots/${encodeURIComponent('fact:a\u0000b')}`, { data: { value: 'x' } })).status(),
    ).toBe(400);
    expect((await request.patch(`/api/chats/${chatId}/slots/${encodeURIComponent('not a key!')}`, { data: { value: 'x' } })).status()).toBe(
      400,
    );
    expect([400, 404]).toContain((await request.get(`/api/chats/${encodeURIComponent('abc\u0000')}`)).status());

    const multipart = await request.post('/api/documents/attachments', {
      multipart: {
        chatId: `${chatId}`,
        file: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(`Zero${'\u0000'} byte here.\n\nAnd more.`) },
      },
    });
    note('uploaded text', multipart.status());

    const created = await request.post('/api/documents', {
      data: {
        request: `Write a short report ${NUL} on the warehouse ${LONE}`,
        sectionCount: 1,
        sources: [
          { kind: 'text', title: `Notes ${NUL}`, content: `The warehouse ${NUL} opened in 2021 ${LONE}.\n\nIt ships 4,200 orders a day.` },
        ],
      },
    });
    note('document request and pasted source', created.status());
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    let answered = false;
    let sections: Array<{ id: string; version: number; body: string }> = [];
    await expect
      .poll(
        async () => {
          const document = await (await request.get(`/api/documents/${id}`)).json();
          if (document.status === 'awaiting_answers' && !answered) {
            answered = true;
            const answers = document.questions.map((q: { id: string }) => ({ questionId: q.id, text: `Managers ${NUL} ${LONE}` }));
            note('answers', (await request.post(`/api/documents/${id}/answers`, { data: { answers } })).status());
          }
          sections = document.sections;
          return document.status;
        },
        { timeout: 150_000, intervals: [500, 1_000] },
      )
      .toBe('done');

    const section = sections[0];
    const saved = await request.patch(`/api/sections/${section.id}`, {
      data: { body: `New ${NUL} body ${LONE} here.`, baseVersion: section.version },
    });
    note('section body', saved.status());
    expect(saved.status()).toBe(200);
    const rewrite = await request.post(`/api/sections/${section.id}/rewrite`, {
      data: { start: 0, end: 3, instruction: `shorter ${NUL} ${LONE}`, baseVersion: (await saved.json()).version },
    });
    note('rewrite instruction', rewrite.status());

    expect(statuses.filter(([, status]) => status >= 500)).toEqual([]);
    expect(statuses.filter(([what, status]) => what !== 'rewrite instruction' && status >= 400)).toEqual([]);
  });
});

test('a mid-stream upstream failure shows a clear message with a request id, never the raw JSON', async ({ request }) => {
  await signUpApi(request);
  const chatId = await newChat(request);
  const turn = await request.post(`/api/chats/${chatId}/messages`, { data: { text: '[sim:error-midstream] tell me about proxies' } });
  expect(turn.status()).toBe(200);
  const events = (await turn.text())
    .split('\n\n')
    .filter((e) => e.startsWith('data: {'))
    .map((e) => JSON.parse(e.slice('data: '.length)));
  const shown = events.find((e) => e.type === 'data-error')?.data.message as string;
  expect(shown).toMatch(/^The model service failed\b.*Request id: [0-9a-f]{12}\.$/);
  expect(shown).not.toMatch(/[{}"]|server_error/);
  const chat = await (await request.get(`/api/chats/${chatId}`)).json();
  const answer = chat.messages.at(-1);
  expect(answer).toMatchObject({ role: 'assistant', status: 'error', error: shown });
});
