import { expect, test } from '@playwright/test';
import { readUiStream } from '../tests/support/ui-stream';
import { ApiClient, passwordLinkToken, removeDataDir, startQuire, type QuireProcess } from './server-process';
import { uniqueEmail } from './support';
import { e2ePorts } from './ports';

// Servers of their own, beside the suite's, on the ports e2e/ports.ts gives them.
const LONG_ANSWER = '[sim:delay=40] [sim:list 60] a long list';

/** The number a Prometheus text line gives for `name{labels}`, 0 when absent. */
function metricValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

test.describe('shutdown', () => {
  const port = e2ePorts.shutdownServer;
  const dataDir = `.data-e2e-ops-${port}`;
  let server: QuireProcess | undefined;
  test.beforeAll(() => removeDataDir(dataDir));
  test.afterAll(() => {
    server?.child.kill('SIGKILL');
    removeDataDir(dataDir);
  });

  test('SIGTERM during a streaming answer saves it as stopped with exactly the streamed text, billed, and the server exits within 10 s', async () => {
    test.setTimeout(420_000);
    server = await startQuire(port, dataDir);
    const person = new ApiClient(server.url);
    await person.signUp(uniqueEmail('sigterm'));
    const chat = await person.json<{ id: string }>('POST', '/api/chats', {});
    expect(chat.status).toBe(201);

    const res = await person.send('POST', `/api/chats/${chat.body.id}/messages`, { text: LONG_ANSWER });
    expect(res.status).toBe(200);
    const stream = readUiStream(res.body!);
    await stream.readUntil((s) => s.text.length > 40);

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await stream.readToEnd();
    // the person's stream was ended by the server, with the turn's own ending
    expect(stream.turnOutcome()).toMatchObject({ status: 'stopped', reason: 'shutdown' });
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(server.output()).toContain('"event":"shutdown_turns_saved"');
    const seen = stream.state.text;
    expect(seen.length).toBeGreaterThan(40);

    // a new process on the same data: the answer is there as the person saw it, and billed like a Stop
    server = await startQuire(port, dataDir);
    const reopened = person; // same address, same session cookie
    const saved = await reopened.json<{ messages: Array<{ role: string; status: string; text: string; usage: { estimated: boolean } }> }>(
      'GET',
      `/api/chats/${chat.body.id}`,
    );
    expect(saved.status).toBe(200);
    const answer = saved.body.messages.find((m) => m.role === 'assistant')!;
    expect(answer.status).toBe('stopped');
    expect(answer.text).toBe(seen);
    const ledger = await reopened.json<
      Array<{ status: string; chargedMicros: number; reservedMicros: number; calls: Array<{ status: string; estimated: boolean }> }>
    >('GET', `/api/ledger?chatId=${chat.body.id}`);
    expect(ledger.body).toHaveLength(1);
    expect(ledger.body[0]).toMatchObject({ status: 'settled', calls: [{ status: 'charged', estimated: true }] });
    expect(ledger.body[0]!.chargedMicros).toBeGreaterThan(0);
  });
});

test.describe
  .serial('operations and staff top-ups on a server of their own', () => {
    const port = e2ePorts.metricsServer;
    const metricsPort = e2ePorts.metrics;
    const dataDir = `.data-e2e-ops-${port}`;
    const staffEmail = `ops-staff-${Date.now().toString(36)}@example.com`;
    let server: QuireProcess;
    let staff: ApiClient;
    test.beforeAll(async () => {
      test.setTimeout(240_000);
      removeDataDir(dataDir);
      server = await startQuire(port, dataDir, { STAFF_EMAILS: staffEmail, METRICS_PORT: String(metricsPort) });
      staff = new ApiClient(server.url);
      await staff.signUp(staffEmail);
      // staff rights start once a password is set from the mailed link: without SMTP_URL the link is in the server's log
      await expect.poll(() => passwordLinkToken(server.output(), staffEmail), { timeout: 15_000 }).toBeTruthy();
      const token = passwordLinkToken(server.output(), staffEmail)!;
      expect((await staff.send('POST', '/api/auth/reset-password', { token, newPassword: 'ops-staff-password' })).status).toBe(200);
      expect((await staff.send('POST', '/api/auth/sign-in/email', { email: staffEmail, password: 'ops-staff-password' })).status).toBe(200);
    });
    test.afterAll(async () => {
      server?.child.kill('SIGTERM');
      await server?.exited;
      removeDataDir(dataDir);
    });

    test('health and readiness answer load balancers without a session', async () => {
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok' });
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready', database: { ok: true }, model: { ok: true } });
    });

    test('metrics: 401 signed out, 403 for a non-staff account, Prometheus text for staff and on METRICS_PORT; a turn is counted', async () => {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
      const person = new ApiClient(server.url);
      await person.signUp(uniqueEmail('metrics'));
      expect((await person.send('GET', '/metrics')).status).toBe(403);

      const scrape = async () => {
        const res = await staff.send('GET', '/metrics');
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
        return res.text();
      };
      const before = await scrape();
      const chat = await person.json<{ id: string }>('POST', '/api/chats', {});
      const turn = await person.send('POST', `/api/chats/${chat.body.id}/messages`, { text: 'Hello there' });
      const stream = readUiStream(turn.body!);
      await stream.readToEnd();
      expect(stream.turnOutcome()?.status).toBe('complete');
      await expect
        .poll(async () => metricValue(await scrape(), 'quire_turns_total{status="complete"}'))
        .toBe(metricValue(before, 'quire_turns_total{status="complete"}') + 1);
      const after = await scrape();
      expect(metricValue(after, 'quire_model_call_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(
        metricValue(before, 'quire_model_call_duration_seconds_count{outcome="ok"}'),
      );
      expect(metricValue(after, 'quire_model_tokens_total{direction="output"}')).toBeGreaterThan(
        metricValue(before, 'quire_model_tokens_total{direction="output"}'),
      );
      for (const name of ['quire_active_streams', 'quire_document_jobs_waiting', 'quire_errors_total'])
        expect(after).toContain(`# TYPE ${name}`);

      // the separate port needs no session, and serves only the metrics
      const open = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(open.status).toBe(200);
      expect(await open.text()).toContain('quire_turns_total{status="complete"}');
      expect((await fetch(`http://127.0.0.1:${metricsPort}/api/chats`)).status).toBe(404);
    });

    test('a top-up sent twice with one idempotency key grants once; a new key grants again', async () => {
      const person = new ApiClient(server.url);
      const email = uniqueEmail('topup');
      await person.signUp(email);
      const balance = async () => (await person.json<{ balanceMicros: number }>('GET', '/api/wallet')).body.balanceMicros;
      const start = await balance();
      const topUp = { email, amountMicros: 2_000_000, reason: 'support ticket 42' };

      // a double click: the same key twice, at once, in the body and in the header
      const [first, second] = await Promise.all([
        staff.json('POST', '/api/staff/credits', { ...topUp, idempotencyKey: 'form-a1b2c3d4' }),
        staff.json('POST', '/api/staff/credits', topUp, { 'idempotency-key': 'form-a1b2c3d4' }),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 201]);
      expect(first.body.grantId).toBe(second.body.grantId);
      expect(await balance()).toBe(start + 2_000_000);

      const third = await staff.json('POST', '/api/staff/credits', { ...topUp, idempotencyKey: 'form-e5f6a7b8' });
      expect(third.status).toBe(201);
      expect(await balance()).toBe(start + 4_000_000);
      // the same key for another amount is refused, not granted
      expect((await staff.json('POST', '/api/staff/credits', { ...topUp, amountMicros: 5, idempotencyKey: 'form-e5f6a7b8' })).status).toBe(
        409,
      );
      expect(await balance()).toBe(start + 4_000_000);
    });
  });

test('the owner changes a member role and revokes them; the revoked member gets 404 at once', async ({ baseURL }) => {
  const owner = new ApiClient(baseURL!);
  const member = new ApiClient(baseURL!);
  const stranger = new ApiClient(baseURL!);
  const memberEmail = uniqueEmail('member');
  await owner.signUp(uniqueEmail('owner'));
  await member.signUp(memberEmail);
  await stranger.signUp(uniqueEmail('stranger'));
  const doc = await owner.json<{ id: string }>('POST', '/api/documents', { request: 'Write a short note on brewing green tea' });
  expect(doc.status).toBe(201);
  const id = doc.body.id;
  expect((await member.send('GET', `/api/documents/${id}`)).status).toBe(404);

  const shared = await owner.json<{ userId: string }>('POST', `/api/documents/${id}/members`, { email: memberEmail, role: 'reviewer' });
  expect(shared.status).toBe(201);
  const memberId = shared.body.userId;
  expect((await member.json('GET', `/api/documents/${id}`)).body).toMatchObject({ role: 'reviewer' });

  // only the owner manages members: a member is refused, a stranger does not see the document
  expect((await member.send('PATCH', `/api/documents/${id}/members/${memberId}`, { role: 'editor' })).status).toBe(403);
  expect((await stranger.send('DELETE', `/api/documents/${id}/members/${memberId}`)).status).toBe(404);
  expect((await owner.send('PATCH', `/api/documents/${id}/members/${memberId}`, { role: 'owner' })).status).toBe(400);

  expect(await owner.json('PATCH', `/api/documents/${id}/members/${memberId}`, { role: 'editor' })).toEqual({
    status: 200,
    body: { userId: memberId, role: 'editor' },
  });
  expect((await member.json('GET', `/api/documents/${id}`)).body).toMatchObject({ role: 'editor' });
  expect((await owner.json('GET', `/api/documents/${id}/members`)).body).toEqual([
    expect.objectContaining({ userId: memberId, role: 'editor' }),
  ]);

  expect(await owner.json('DELETE', `/api/documents/${id}/members/${memberId}`)).toEqual({
    status: 200,
    body: { userId: memberId, removed: true },
  });
  expect((await member.send('GET', `/api/documents/${id}`)).status).toBe(404);
  expect((await member.send('GET', '/api/documents')).ok).toBe(true);
  expect(JSON.stringify((await member.json('GET', '/api/documents')).body)).not.toContain(id);
  expect((await owner.send('DELETE', `/api/documents/${id}/members/${memberId}`)).status).toBe(404);
});
