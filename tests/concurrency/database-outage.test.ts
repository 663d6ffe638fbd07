import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChat } from '@/lib/chat/chats';
import { ModelCatalog } from '@/lib/llm/catalog';
import { SIMULATED_MODELS, startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { createUser } from '@/tests/support/fixtures';
import { startTcpProxy, type TcpProxy } from '@/tests/support/tcp-proxy';
import { startTurnServer, type TurnServerProcess } from '@/tests/support/start-turn-server';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';
import { readUiStream } from '@/tests/support/ui-stream';

const catalog = new ModelCatalog(SIMULATED_MODELS.map((m) => ({ ...m, simulated: true })));
const SHORT_LIST = '[sim:delay=40] [sim:list 8] a short list';

// PostgreSQL goes away for a while in the middle of an answer: restarted (connections reset) or out of reach.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a database outage during an answer', () => {
  let db: TestDatabase;
  let sim: SimulatorServer;
  let proxy: TcpProxy;
  let server: TurnServerProcess;

  beforeAll(async () => {
    db = await openTestDatabase('postgres');
    sim = await startSimulatorServer({ port: 0, tokenDelayMs: 25 });
    const target = new URL(db.url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    server = await startTurnServer(proxy.url(db.url!), sim.url, { TURN_WALL_CLOCK_MS: '60000' });
  }, 60_000);
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await proxy?.close();
    await sim?.close();
    await db?.dispose();
  });

  // the answer ends while the database is away: its save and its charge wait for it, nothing is lost
  for (const outage of ['cut', 'blackhole'] as const) {
    it(`${outage === 'cut' ? 'restarted' : 'out of reach'} for 15 s as the answer ends: the answer is saved whole and charged once it is back`, async () => {
      const user = await createUser(db.prisma);
      const chat = await createChat(db.prisma, catalog, user.id, {});
      const res = await fetch(`http://127.0.0.1:${server.port}/turn`, {
        method: 'POST',
        body: JSON.stringify({ userId: user.id, chatId: chat.id, text: SHORT_LIST }),
      });
      expect(res.status).toBe(200);
      const stream = readUiStream(res.body!);
      await stream.readUntil((s) => s.text.length >= 40);
      proxy[outage]();
      // the whole answer reaches the person while the database is away (the simulator needs no database)
      await stream.readUntil((s) => /^8\. /m.test(s.text));
      await new Promise((resolve) => setTimeout(resolve, 15_000));
      proxy.restore();
      await stream.readToEnd();
      const turnEvent = stream.state.chunks.find((c) => c.type === 'data-turn') as { data: { status: string } } | undefined;
      expect(turnEvent?.data.status).toBe('complete');
      const saved = await db.prisma.message.findFirstOrThrow({ where: { chatId: chat.id, role: 'assistant' } });
      expect(saved.status).toBe('complete');
      expect(saved.text).toBe(stream.state.text);
      expect(saved.costMicros).toBeGreaterThan(0n);
      const calls = await db.prisma.modelCall.findMany({ where: { entry: { userId: user.id } } });
      expect(calls.map((c) => c.status)).toEqual(['charged']);
      const wallet = await db.prisma.wallet.findUniqueOrThrow({ where: { userId: user.id } });
      expect(wallet.reservedMicros).toBe(0n);
      expect((await db.prisma.chat.findUniqueOrThrow({ where: { id: chat.id } })).liveTurnId).toBeNull();
    }, 90_000);
  }
});
