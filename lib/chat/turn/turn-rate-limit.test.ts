import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_LIMIT_FACTOR } from '@/lib/rate-limit/rate-limit';
import { newUserChat, openChatHarness, type ChatHarness } from '@/tests/support/chat-harness';
import { prepareTurn } from './prepare-turn';

describe('messages are limited per client address as well as per account', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await openChatHarness('pglite');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });
  // one fixed minute, so no window boundary falls inside the test
  const deps = () => ({ ...h.deps, now: () => new Date('2026-11-30T12:00:05Z') });
  const send = async (clientAddress: string) => {
    const { user, chatId } = await newUserChat(h);
    const outcome = await prepareTurn(deps(), {
      userId: user.id,
      chatId,
      mode: 'answer',
      text: 'hello',
      rateLimitPerMinute: 1,
      clientAddress,
    }).then(
      () => 'accepted',
      (error: { status?: number }) => error.status,
    );
    return { outcome, chatId };
  };

  it('accounts sharing one address hit its limit together; a refused turn leaves its chat unlocked and empty; another address is unaffected', async () => {
    for (let i = 0; i < ADDRESS_LIMIT_FACTOR; i++) expect((await send('203.0.113.50')).outcome).toBe('accepted');
    const refused = await send('203.0.113.50');
    expect(refused.outcome).toBe(429);
    expect(await h.db.prisma.chat.findUniqueOrThrow({ where: { id: refused.chatId } })).toMatchObject({ liveTurnId: null });
    expect(await h.db.prisma.message.count({ where: { chatId: refused.chatId } })).toBe(0);
    expect((await send('203.0.113.51')).outcome).toBe('accepted');
  });
});
