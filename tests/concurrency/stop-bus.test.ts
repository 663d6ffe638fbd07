import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChat } from '@/lib/chat/chats';
import { ModelCatalog } from '@/lib/llm/catalog';
import { SIMULATED_MODELS, startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { createUser } from '@/tests/support/fixtures';
import { startTurnServer, type TurnServerProcess } from '@/tests/support/start-turn-server';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';
import { readUiStream } from '@/tests/support/ui-stream';

const catalog = new ModelCatalog(SIMULATED_MODELS.map((m) => ({ ...m, simulated: true })));
const LONG_ANSWER = '[sim:delay=40] [sim:list 60] a long list';

const post = (port: number, path: string, body: unknown) =>
  fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', body: JSON.stringify(body) });

describe.skipIf(!process.env.TEST_DATABASE_URL)('Stop across web processes when the stop bus connection drops', () => {
  let db: TestDatabase;
  let sim: SimulatorServer;
  const servers: TurnServerProcess[] = [];

  /** the backends of every process's LISTEN connection on this database */
  const listeners = async () =>
    (
      await db.prisma.$queryRaw<Array<{ pid: number }>>`
        SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN quire_stop%' ORDER BY pid`
    ).map((r) => r.pid);
  const terminate = async (pids: number[]) => {
    for (const pid of pids) await db.prisma.$queryRaw`SELECT pg_terminate_backend(${pid}::int)`;
  };
  const start = async (env: Record<string, string>) => {
    const server = await startTurnServer(db.url!, sim.url, env);
    servers.push(server);
    return server;
  };

  /**
   * Starts a long answer on `streaming`, stops it through `stopping`, and checks it ended as the person saw it.
   * The list takes many seconds to stream and the wall-clock cap is minutes away, so an outcome of `stopped`
   * means the Stop reached the streaming process (no timing needed, which a busy machine would make flaky).
   */
  async function stopAcross(streaming: TurnServerProcess, stopping: TurnServerProcess) {
    const user = await createUser(db.prisma);
    const chat = await createChat(db.prisma, catalog, user.id, {});
    const res = await post(streaming.port, '/turn', { userId: user.id, chatId: chat.id, text: LONG_ANSWER });
    expect(res.status).toBe(200);
    const stream = readUiStream(res.body!);
    await stream.readUntil((s) => s.text.length > 20);
    const stopped = await post(stopping.port, '/stop', { chatId: chat.id });
    expect(stopped.status).toBe(200);
    await stream.readToEnd();
    expect(stream.turnOutcome()?.status).toBe('stopped');
    const answer = await db.prisma.message.findFirstOrThrow({ where: { chatId: chat.id, role: 'assistant' } });
    expect(answer.status).toBe('stopped');
    expect(answer.text).toBe(stream.state.text);
    expect(answer.text).not.toMatch(/^60\. /m); // the list's last item never came
  }

  beforeAll(async () => {
    db = await openTestDatabase('postgres');
    sim = await startSimulatorServer({ port: 0, tokenDelayMs: 25 });
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await sim?.close();
    await db?.dispose();
  });

  it('a terminated LISTEN connection is re-established, and a Stop sent to the other process ends the turn', async () => {
    // the flag is read only every 10 minutes here: only the NOTIFY can end the turn in time
    const [a, b] = await Promise.all([start({ STOP_FLAG_POLL_MS: '600000' }), start({ STOP_FLAG_POLL_MS: '600000' })]);
    await expect.poll(listeners, { timeout: 10_000 }).toHaveLength(2);
    const dropped = await listeners();
    await terminate(dropped);

    await expect
      .poll(
        async () => {
          const now = await listeners();
          return now.length === 2 && now.every((pid) => !dropped.includes(pid));
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await stopAcross(a!, b!); // with the flag read every 10 minutes, only the NOTIFY can have stopped it
    // neither process died of an unhandled rejection on the way
    expect([a!.child.exitCode, b!.child.exitCode]).toEqual([null, null]);
  }, 90_000);

  it('while a process cannot listen, a Stop sent to another process still ends its turn (the flag in the database)', async () => {
    const others = await listeners();
    // once dropped, this process waits 10 minutes before listening again
    const down = await start({ STOP_BUS_RECONNECT_MS: '600000' });
    await expect.poll(async () => (await listeners()).length, { timeout: 10_000 }).toBe(others.length + 1);
    await terminate((await listeners()).filter((pid) => !others.includes(pid)));
    await new Promise((r) => setTimeout(r, 500));
    expect(await listeners()).toEqual(others); // its bus is down and stays down

    await stopAcross(down, servers[0]!);
    expect(await listeners()).toEqual(others); // it was still not listening: the flag ended the turn
    expect(down.child.exitCode).toBeNull();
  }, 90_000);
});
