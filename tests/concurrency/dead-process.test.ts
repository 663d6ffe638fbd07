import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChat } from '@/lib/chat/chats';
import { LIVE_TURN_STALE_MS } from '@/lib/chat/turn/live-turn-lock';
import { ModelCatalog } from '@/lib/llm/catalog';
import { SIMULATED_MODELS, startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { createUser } from '@/tests/support/fixtures';
import { startTurnServer, type TurnServerProcess } from '@/tests/support/start-turn-server';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';
import { readUiStream } from '@/tests/support/ui-stream';

const catalog = new ModelCatalog(SIMULATED_MODELS.map((m) => ({ ...m, simulated: true })));
const post = (port: number, path: string, body: unknown) =>
  fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', body: JSON.stringify(body) });
const SLOW_LIST = '[sim:delay=40] [sim:list 300] a long list';

// A web process killed (kill -9) in the middle of an answer, on PostgreSQL with a second process alive.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a web process that dies mid-answer', () => {
  let db: TestDatabase;
  let sim: SimulatorServer;
  let survivor: TurnServerProcess;
  const doomed: TurnServerProcess[] = [];

  beforeAll(async () => {
    db = await openTestDatabase('postgres');
    sim = await startSimulatorServer({ port: 0, tokenDelayMs: 25 });
    survivor = await startTurnServer(db.url!, sim.url);
  }, 60_000);
  afterAll(async () => {
    survivor?.child.kill('SIGTERM');
    for (const d of doomed) d.child.kill('SIGKILL');
    await sim?.close();
    await db?.dispose();
  });

  /** A turn streaming in a process of its own, read until `chars` characters were shown; then that process is killed. */
  async function answerKilledMidway(chars: number) {
    const victim = await startTurnServer(db.url!, sim.url);
    doomed.push(victim);
    const user = await createUser(db.prisma);
    const chat = await createChat(db.prisma, catalog, user.id, {});
    const res = await post(victim.port, '/turn', { userId: user.id, chatId: chat.id, text: SLOW_LIST });
    expect(res.status).toBe(200);
    const stream = readUiStream(res.body!);
    await stream.readUntil((s) => s.text.length >= chars);
    // the answer's row has caught up with what was shown (a beat a second), then the process dies
    await expect
      .poll(async () => (await db.prisma.message.findFirst({ where: { chatId: chat.id, role: 'assistant' } }))?.text.length ?? 0, {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(chars);
    victim.child.kill('SIGKILL');
    await new Promise((resolve) => victim.child.once('exit', resolve));
    const killedAt = Date.now();
    // what had reached this client before the connection broke is what the person saw
    await stream.readToEnd().catch(() => undefined);
    return { user, chat, shown: stream.state.text, killedAt };
  }

  it('keeps what the person saw: the saved answer is the streamed text up to the last second, and Stop settles it as stopped', async () => {
    const { chat, shown } = await answerKilledMidway(400);
    const saved = await db.prisma.message.findFirstOrThrow({ where: { chatId: chat.id, role: 'assistant' } });
    expect(saved.text.length).toBeGreaterThanOrEqual(400);
    // the saved text is what the server had sent: what reached this client, give or take the bytes in flight at the kill
    expect(shown.startsWith(saved.text) || saved.text.startsWith(shown)).toBe(true);
    expect(Math.abs(saved.text.length - shown.length)).toBeLessThan(2_000);

    // once its beat is old, Stop through the surviving process frees the chat and settles the answer at once
    await new Promise((resolve) => setTimeout(resolve, LIVE_TURN_STALE_MS + 500));
    expect((await post(survivor.port, '/stop', { chatId: chat.id })).status).toBe(200);
    const settled = await db.prisma.message.findFirstOrThrow({ where: { id: saved.id } });
    expect(settled.status).toBe('stopped');
    expect(settled.text).toBe(saved.text);
    expect((await db.prisma.chat.findUniqueOrThrow({ where: { id: chat.id } })).liveTurnId).toBeNull();
  }, 60_000);

  it('frees the chat within seconds: the surviving process takes the next message, not 409 for minutes', async () => {
    const { user, chat, killedAt } = await answerKilledMidway(100);
    // while the dead turn's beat is fresh the chat is still busy (a live turn elsewhere looks the same)
    let status = 0;
    for (;;) {
      const res = await post(survivor.port, '/turn', { userId: user.id, chatId: chat.id, text: 'hello again' });
      status = res.status;
      await res.text();
      if (status !== 409 || Date.now() - killedAt > 60_000) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toBe(200);
    // seconds, not the minutes of a wall-clock cap
    expect(Date.now() - killedAt).toBeLessThan(LIVE_TURN_STALE_MS + 10_000);
  }, 90_000);
});
