import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordKeyFactValues, MAX_KEY_FACTS } from '@/lib/chat/key-facts-store';
import { createModelProvider } from '@/lib/llm/provider';
import { maxReplyChars } from '@/lib/llm/stream-round';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { startScriptedUpstream, type ScriptedReply, type ScriptedUpstream } from '@/tests/support/scripted-upstream';

// What one turn may do however the model behaves: how many tools it runs, how much text it reads, how many facts it pins.
describe('the limits of one turn', () => {
  let h: ChatHarness;
  let upstream: ScriptedUpstream;
  let script: (index: number) => ScriptedReply = () => ({ text: ['ok'] });
  let offset = 0;

  beforeAll(async () => {
    h = await openChatHarness('pglite');
    upstream = await startScriptedUpstream((_request, index) => script(index - offset));
    h.deps.provider = createModelProvider({ baseUrl: upstream.url });
  }, 60_000);
  afterAll(async () => {
    await upstream?.close();
    await h?.close();
  });
  const scriptReplies = (next: (index: number) => ScriptedReply) => {
    offset = upstream.requests.length;
    script = next;
  };

  it('a reply that calls a tool 25 times runs 4 of them; the model is told the rest were not run', async () => {
    const { user, chatId } = await newUserChat(h);
    const calls = Array.from({ length: 25 }, (_, i) => ({
      name: 'remember_fact',
      arguments: JSON.stringify({ key: `fact_${i}`, value: `v${i}` }),
    }));
    scriptReplies((index) => (index === 0 ? { toolCalls: calls } : { text: ['Done.'] }));
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'remember everything' });
    expect(run.outcome.status).toBe('complete');
    expect(run.outcome.tools).toHaveLength(4);
    expect(await h.db.prisma.slot.count({ where: { chatId } })).toBe(4);
    const second = JSON.stringify(upstream.requests.at(-1)!.messages);
    expect(second.match(/Not run: at most 4 tool calls/g)).toHaveLength(21);
  });

  it('an endpoint that ignores the output limit is read only up to the reply cap, and the answer counts as cut', async () => {
    const { user, chatId } = await newUserChat(h);
    const piece = 'word '.repeat(200); // 1,000 characters
    scriptReplies(() => ({ text: Array.from({ length: 400 }, () => piece), usage: { prompt: 10, completion: 100_000 } }));
    const run = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'write a lot' });
    const cap = maxReplyChars(run.turn.model.maxOutputTokens);
    expect(cap).toBeLessThan(400_000);
    // every call stopped at the cap: the answer and each continuation together stay within five caps
    expect(run.outcome.text.length).toBeLessThanOrEqual(5 * cap);
    expect(run.outcome.status).toBe('truncated');
    const stored = await h.db.prisma.message.findFirstOrThrow({ where: { chatId, role: 'assistant' } });
    expect(stored.text.length).toBe(run.outcome.text.length);
  });

  it(`a chat pins at most ${MAX_KEY_FACTS} key facts; a value is kept to 300 characters`, async () => {
    const { chatId } = await newUserChat(h);
    const updates = Array.from({ length: 60 }, (_, i) => ({ key: `fact_${i}`, value: i === 0 ? 'x'.repeat(5_000) : `value ${i}` }));
    await h.db.prisma.$transaction((tx) => recordKeyFactValues(tx, chatId, updates, { messageId: null, at: new Date(), kind: 'tool' }));
    const keyFacts = await h.db.prisma.slot.findMany({ where: { chatId } });
    expect(keyFacts).toHaveLength(MAX_KEY_FACTS);
    expect(keyFacts.find((s) => s.key === 'fact:fact_0')!.value).toHaveLength(300);
    // an existing fact can still change
    await h.db.prisma.$transaction((tx) =>
      recordKeyFactValues(tx, chatId, [{ key: 'fact:fact_1', value: 'changed' }], { messageId: null, at: new Date(), kind: 'tool' }),
    );
    expect((await h.db.prisma.slot.findFirstOrThrow({ where: { chatId, key: 'fact:fact_1' } })).value).toBe('changed');
  });
});
