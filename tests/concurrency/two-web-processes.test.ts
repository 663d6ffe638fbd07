import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChat } from '@/lib/chat/chats';
import { ModelCatalog } from '@/lib/llm/catalog';
import { SIMULATED_MODELS, startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { createUser, walletBooks } from '@/tests/support/fixtures';
import { startTurnServer, type TurnServerProcess } from '@/tests/support/start-turn-server';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';

const catalog = new ModelCatalog(SIMULATED_MODELS.map((m) => ({ ...m, simulated: true })));

const post = (port: number, path: string, body: unknown, signal?: AbortSignal) =>
  fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', body: JSON.stringify(body), signal });

describe.skipIf(!process.env.TEST_DATABASE_URL)('two web processes sharing one PostgreSQL', () => {
  let db: TestDatabase;
  let sim: SimulatorServer;
  let servers: TurnServerProcess[] = [];

  beforeAll(async () => {
    db = await openTestDatabase('postgres');
    sim = await startSimulatorServer({ port: 0, tokenDelayMs: 25 });
    servers = await Promise.all([startTurnServer(db.url!, sim.url), startTurnServer(db.url!, sim.url)]);
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await sim?.close();
    await db?.dispose();
  });

  it('20 parallel turns on a wallet that covers 5: 5 run, 15 get 402, the balance never goes below zero', async () => {
    // measure one turn's reservation, then fund exactly five and a half of them
    const probe = await createUser(db.prisma, { credits: 10_000_000n });
    const probeChat = await createChat(db.prisma, catalog, probe.id, {});
    await (await post(servers[0]!.port, '/turn', { userId: probe.id, chatId: probeChat.id, text: '[sim:list 5] ideas' })).text();
    const [probeCall] = await db.prisma.modelCall.findMany({ where: { entry: { userId: probe.id } } });
    const reservation = probeCall!.reservedMicros;

    const user = await createUser(db.prisma, { credits: reservation * 5n + reservation / 2n });
    const chats = await Promise.all(Array.from({ length: 20 }, () => createChat(db.prisma, catalog, user.id, {})));
    let lowest = reservation * 10n;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const w = await walletBooks(db.prisma, user.id);
        if (w.balance < lowest) lowest = w.balance;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const responses = await Promise.all(
      chats.map(async (chat, i) => {
        const res = await post(servers[i % 2]!.port, '/turn', { userId: user.id, chatId: chat.id, text: '[sim:list 5] ideas' });
        const text = await res.text();
        return { status: res.status, text };
      }),
    );
    sampling = false;
    await sampler;
    expect(responses.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = responses.filter((r) => r.status === 402);
    expect(refused).toHaveLength(15);
    expect(JSON.parse(refused[0]!.text).error.message).toMatch(/^Not enough credits/);
    expect(lowest).toBeGreaterThanOrEqual(0n);
    const books = await walletBooks(db.prisma, user.id);
    expect(books).toMatchObject({ reserved: 0n, balanced: true });
    expect(books.balance).toBeGreaterThanOrEqual(0n);
    // both processes served turns: the database, not one process's lock, decided
    const served = await db.prisma.ledgerEntry.count({ where: { userId: user.id } });
    expect(served).toBe(5);
  }, 120_000);

  it('a stop sent to one process stops the turn streaming in the other', async () => {
    const user = await createUser(db.prisma);
    const chat = await createChat(db.prisma, catalog, user.id, {});
    const started = Date.now();
    const turn = post(servers[0]!.port, '/turn', { userId: user.id, chatId: chat.id, text: '[sim:delay=40] [sim:list 60] long list' });
    const res = await turn;
    const reader = res.body!.getReader();
    await reader.read();
    await new Promise((r) => setTimeout(r, 400));
    await post(servers[1]!.port, '/stop', { chatId: chat.id });
    while (!(await reader.read()).done);
    expect(Date.now() - started).toBeLessThan(5_000); // the whole list would take far longer
    await expect
      .poll(async () => (await db.prisma.message.findFirst({ where: { chatId: chat.id, role: 'assistant' } }))?.status, { timeout: 5000 })
      .toBe('stopped');
    const turnId = res.headers.get('x-turn-id')!;
    const [upstream] = sim.stats.requestsForTurn(turnId);
    expect(upstream?.closeReason).toBe('client_closed');
  }, 60_000);
});
