import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerContext } from '@/lib/chat/context/answer-context';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { testDatabaseKinds } from '@/tests/support/test-database';
import { TURN_RECENT_MESSAGES } from './turn-rows';

const LENGTH = 400;
/** message n (1-based) says which it is (odd ones are the person's); 42 is an answer the person stopped, far back */
const STOPPED = 42;
const textOf = (n: number) => (n === STOPPED ? 'Tide tables for the bay: high water at' : `message ${n} about the harbour`);

// A person opens a long chat at a message far back (a search hit) and acts on it there.
describe.each(testDatabaseKinds())('acting on a message far back in a long chat (%s)', (kind) => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await openChatHarness(kind);
  });
  afterAll(async () => {
    await h?.close();
  });

  async function longChat() {
    const { user, chatId } = await newUserChat(h);
    const start = Date.UTC(2026, 3, 1);
    await h.db.prisma.message.createMany({
      data: Array.from({ length: LENGTH }, (_, i) => ({
        chatId,
        role: i % 2 === 0 ? 'user' : 'assistant',
        text: textOf(i + 1),
        status: i + 1 === STOPPED ? 'stopped' : 'complete',
        model: i % 2 === 0 ? null : 'sim-swift',
        createdAt: new Date(start + i * 60_000),
      })),
    });
    const ids = (await h.db.prisma.message.findMany({ where: { chatId }, orderBy: { createdAt: 'asc' }, select: { id: true } })).map(
      (m) => m.id,
    );
    return { user, chatId, idOf: (n: number) => ids[n - 1]! };
  }

  it('Continue of a stopped answer far back finishes it in place, from the conversation before it', async () => {
    const { user, chatId, idOf } = await longChat();
    expect(LENGTH - STOPPED).toBeGreaterThan(TURN_RECENT_MESSAGES);
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'continue', messageId: idOf(STOPPED) });
    expect(run.outcome.status).toBe('complete');
    const answer = await h.db.prisma.message.findUniqueOrThrow({ where: { id: idOf(STOPPED) } });
    expect(answer.text.startsWith(textOf(STOPPED))).toBe(true);
    expect(answer.status).toBe('complete');
    // the prompt held the turns before its question, none of the 359 after it
    const sent = ((answer.meta as { context: AnswerContext }).context.window ?? []).map((m) => m.id);
    expect(sent).toContain(idOf(STOPPED - 2));
    const before = new Set(Array.from({ length: STOPPED - 2 }, (_, i) => idOf(i + 1)));
    expect(sent.every((id) => before.has(id))).toBe(true);
    expect(await h.db.prisma.message.count({ where: { chatId } })).toBe(LENGTH);
  });

  it('Regenerate is refused for an answer far back (later answers were built on it); Edit far back takes what came after off screen', async () => {
    const { user, chatId, idOf } = await longChat();
    await expect(
      runChatTurn(h, { userId: user.id, chatId, mode: 'regenerate', messageId: idOf(STOPPED + 2), modelId: 'sim-swift' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    const edited = await runChatTurn(h, {
      userId: user.id,
      chatId,
      mode: 'edit',
      messageId: idOf(STOPPED + 1),
      text: '[sim:echo] what about the ferry?',
    });
    expect(edited.outcome.status).toBe('complete');
    const left = await h.db.prisma.message.findMany({
      where: { chatId, onBranch: true },
      orderBy: { createdAt: 'asc' },
      select: { text: true },
    });
    expect(left).toHaveLength(STOPPED + 2);
    expect(left.at(-2)!.text).toBe('[sim:echo] what about the ferry?');
    expect(left.at(-1)!.text).toContain('what about the ferry?');
  });
});
