import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webSearchTools } from '@/lib/chat/tools/web-search';
import { createModelProvider } from '@/lib/llm/provider';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { type ScriptedReply, startScriptedUpstream, type ScriptedUpstream } from '@/tests/support/scripted-upstream';

// A turn that fails after its tools ran keeps their results: Retry picks up from the failed round.
describe('Retry after a failed tool round', () => {
  let h: ChatHarness;
  let upstream: ScriptedUpstream;
  const replies: ScriptedReply[] = [];
  beforeAll(async () => {
    h = await openChatHarness('pglite');
    upstream = await startScriptedUpstream((_request, index) => replies[index] ?? { text: ['(unexpected call)'] });
    h.deps.provider = createModelProvider({ baseUrl: upstream.url });
  }, 60_000);
  afterAll(async () => {
    await upstream?.close();
    await h?.close();
  });

  it('runs the tool zero more times: the retried turn resumes with the saved results, and the answer completes', async () => {
    const { user, chatId } = await newUserChat(h);
    replies.push(
      {
        text: ['Noting that. '],
        toolCalls: [{ name: 'remember_fact', arguments: JSON.stringify({ key: 'company', value: 'Northwind' }) }],
      },
      // the round after the tool: the provider fails
      { status: 500 },
      // the Retry: the model answers from the results it is shown
      { text: ['Saved: you work at Northwind.'] },
    );
    const failed = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'I work at Northwind.' });
    expect(failed.outcome.status).toBe('error');
    const changesAfterFailure = await h.db.prisma.slotChange.count({ where: { slot: { chatId } } });
    expect(changesAfterFailure).toBe(1);

    const retried = await runChatTurn(h, { userId: user.id, chatId, mode: 'retry', messageId: failed.turn.assistantMessageId });
    expect(retried.outcome.status, retried.outcome.reason).toBe('complete');
    expect(retried.outcome.text).toBe('Saved: you work at Northwind.');
    // the tool did not run again, and the model was shown its call and result
    expect(await h.db.prisma.slotChange.count({ where: { slot: { chatId } } })).toBe(changesAfterFailure);
    const retryRequest = JSON.stringify(upstream.requests[2]!.messages);
    expect(retryRequest).toContain('remember_fact');
    expect(retryRequest).toMatch(/"role":"tool"/);
    // the tool shows under the answer, and the kept rounds are gone once the answer is whole
    const saved = await h.db.prisma.message.findUniqueOrThrow({ where: { id: failed.turn.assistantMessageId } });
    expect((saved.meta as { tools?: unknown[]; toolRounds?: unknown }).tools).toHaveLength(1);
    expect((saved.meta as { toolRounds?: unknown }).toolRounds).toBeUndefined();
  });

  it('a search after the Retry numbers its sources after those the answer already cites', async () => {
    const { user, chatId } = await newUserChat(h);
    const search = {
      name: 'stand-in',
      search: async (query: string) => [1, 2].map((i) => ({ title: query, url: `https://example.org/${query.split(' ').at(-1)}/${i}` })),
    };
    const reader = {
      read: async (url: string) => ({ url, title: url, unit: 'paragraph' as const, paragraphs: [`The page at ${url} says ships came.`] }),
    };
    h.deps.extraTools = [webSearchTools({ db: h.db.prisma, publicSources: true, search, reader })];
    try {
      replies.push(
        { text: ['Looking. '], toolCalls: [{ name: 'web_search', arguments: JSON.stringify({ query: 'lisbon port cargo' }) }] },
        // the round after the search: the provider fails
        { status: 500 },
        // the Retry: the model searches once more, then answers citing both searches
        { toolCalls: [{ name: 'web_search', arguments: JSON.stringify({ query: 'lisbon port ships' }) }] },
        { text: ['Cargo grew [1], and so did ships [3].'] },
      );
      const failed = await runChatTurn(h, { userId: user.id, chatId, mode: 'answer', text: 'How is the port of Lisbon doing?' });
      expect(failed.outcome.status).toBe('error');
      expect(failed.outcome.citations.map((c) => c.n)).toEqual([1, 2]);
      const retried = await runChatTurn(h, { userId: user.id, chatId, mode: 'retry', messageId: failed.turn.assistantMessageId });
      expect(retried.outcome.status, retried.outcome.reason).toBe('complete');
      // [3] is the second search's first page, not a second [1]
      expect(retried.outcome.citations.map((c) => [c.n, c.url])).toEqual([
        [1, 'https://example.org/cargo/1'],
        [2, 'https://example.org/cargo/2'],
        [3, 'https://example.org/ships/1'],
        [4, 'https://example.org/ships/2'],
      ]);
    } finally {
      h.deps.extraTools = [];
    }
  });
});
