import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { walletBooks } from '@/tests/support/fixtures';
import { testDatabaseKinds } from '@/tests/support/test-database';

// What a shutdown relies on: stopping every live turn of the process and waiting
// until each answer is saved, before the database may close.
// (PGlite runs one query at a time, in order; PostgreSQL's pool is where a premature answer shows.)
describe.each(testDatabaseKinds())('stopping every live turn of a process (shutdown) on %s', (kind) => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await openChatHarness(kind, { tokenDelayMs: 5 });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('resolves only once each answer is saved as streamed, stopped and billed; a turn that starts afterwards stops at once', async () => {
    const a = await newUserChat(h);
    const b = await newUserChat(h);
    const seen = { a: '', b: '' };
    const runs = [
      runChatTurn(
        h,
        { userId: a.user.id, chatId: a.chatId, mode: 'answer', text: '[sim:delay=20] [sim:list 80] a' },
        { onText: (_d, s) => (seen.a = s) },
      ),
      runChatTurn(
        h,
        { userId: b.user.id, chatId: b.chatId, mode: 'answer', text: '[sim:delay=20] [sim:list 80] b' },
        { onText: (_d, s) => (seen.b = s) },
      ),
    ];
    await expect.poll(() => seen.a.length > 30 && seen.b.length > 30, { timeout: 10_000 }).toBe(true);

    await h.deps.stopBus.stopAll('shutdown');
    // nothing awaited but stopAll: the rows must already hold what the readers saw
    const answers = await h.db.prisma.message.findMany({ where: { chatId: { in: [a.chatId, b.chatId] }, role: 'assistant' } });
    expect(answers.map((m) => m.status)).toEqual(['stopped', 'stopped']);
    expect(answers.find((m) => m.chatId === a.chatId)!.text).toBe(seen.a);
    expect(answers.find((m) => m.chatId === b.chatId)!.text).toBe(seen.b);
    for (const { user } of [a, b]) expect(await walletBooks(h.db.prisma, user.id)).toMatchObject({ reserved: 0n, balanced: true });

    const [runA] = await Promise.all(runs);
    expect(runA!.outcome).toMatchObject({ status: 'stopped', reason: 'shutdown' });

    const late = await newUserChat(h);
    const lateRun = await runChatTurn(h, { userId: late.user.id, chatId: late.chatId, mode: 'answer', text: 'hello' });
    expect(lateRun.outcome.status).toBe('stopped');
  });
});
