import { lookup } from 'node:dns/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { updateChatSettings } from '@/lib/chat/chats';
import { CHAT_WEB_RESULTS_KEPT, webSearchTools, type WebSearchDeps } from '@/lib/chat/tools/web-search';
import { createLinkReader } from '@/lib/documents/sources/read-link';
import { searxngSearch } from '@/lib/web/searxng-search';
import { newUserChat, openChatHarness, runChatTurn, type ChatHarness } from '@/tests/support/chat-harness';
import { testDatabaseKinds } from '@/tests/support/test-database';
import {
  PORT_PAGE,
  startPageServer,
  startSearxngFake,
  startTrapServer,
  TRADE_PAGE,
  type PageServer,
  type RunningServer,
} from '@/tests/support/web-fixtures';

const QUESTION = 'Search the web for Port of Lisbon cargo in 2022';

describe.each(testDatabaseKinds())('web search in the chat on %s', (kind) => {
  let h: ChatHarness;
  let trap: RunningServer;
  let pages: PageServer;
  let searxng: RunningServer & { queries: string[] };
  let deps: (overrides?: Partial<WebSearchDeps>) => WebSearchDeps;
  const pageSentences = [PORT_PAGE, TRADE_PAGE].flatMap((p) => p.paragraphs.flatMap((text) => text.split(/(?<=\.)\s+/)));

  beforeAll(async () => {
    h = await openChatHarness(kind, { tokenDelayMs: 0 });
    // the SSRF suite's web (web-research.test.ts): pages, a trap inside the network that must never be reached
    trap = await startTrapServer(0);
    const trapPort = Number(new URL(trap.url).port);
    pages = await startPageServer(0, trapPort);
    searxng = await startSearxngFake(0, [
      { url: `${pages.url}/port-2022`, title: 'Port of Lisbon 2022' },
      { url: `${pages.url}/to-loopback`, title: 'A page that redirects inside' },
      { url: `${pages.url}/trade`, title: 'Trade partners' },
    ]);
    const reader = createLinkReader({
      allowHosts: [new URL(pages.url).host],
      limits: { timeoutMs: 2_000 },
      resolve: async (host) => (host === 'inside.test' ? [{ address: '127.0.0.1', family: 4 }] : lookup(host, { all: true })),
    });
    deps = (overrides = {}) => ({ db: h.db.prisma, publicSources: true, search: searxngSearch(searxng.url), reader, ...overrides });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([pages?.close(), trap?.close(), searxng?.close()]);
    await h?.close();
  });
  beforeEach(() => {
    searxng.queries.length = 0;
    pages.requests.length = 0;
  });

  const ask = async (chatId: string, userId: string, text = QUESTION) => runChatTurn(h, { userId, chatId, mode: 'answer', text });

  it('the answer cites numbered pages with their titles and quoted sentences, in one tool round that the ledger counts', async () => {
    h.deps.extraTools = [webSearchTools(deps())];
    const { user, chatId } = await newUserChat(h);
    const run = await ask(chatId, user.id);

    expect(run.outcome.status).toBe('complete');
    expect(run.events.find((e) => e.name === 'tool')?.data).toMatchObject({ name: 'web_search' });
    expect(searxng.queries).toHaveLength(1);
    const citations = run.outcome.citations;
    expect(citations.map((c) => c.n)).toEqual([1, 2]);
    expect(citations.map((c) => c.title)).toEqual([PORT_PAGE.title, TRADE_PAGE.title]);
    for (const c of citations) expect(pageSentences).toContain(c.quote);
    expect(citations[0]!.quote).toMatch(/cargo/);
    // the answer cites them by number, and the browser got them as they were found
    expect(run.outcome.text).toContain('[1]');
    expect(run.outcome.text).toContain('[2]');
    expect(run.events.find((e) => e.name === 'citations')?.data).toEqual({ citations });
    // they stay with the answer after a reload
    const stored = await h.db.prisma.message.findUniqueOrThrow({ where: { id: run.turn.assistantMessageId } });
    expect(stored.meta).toMatchObject({ citations, tools: [{ name: 'web_search' }] });

    // the ledger: the answer and its one tool round, the search and the three pages fetched
    const entry = await h.db.prisma.ledgerEntry.findUniqueOrThrow({ where: { turnId: run.turn.turnId }, include: { calls: true } });
    expect(entry.calls.map((c) => c.purpose).sort()).toEqual(['answer', 'tool_round']);
    expect(h.sim.stats.callsForTurn(run.turn.turnId)).toBe(2);
    expect(entry).toMatchObject({ webSearches: 1, webPagesRead: 3 });
  });

  it('never requests an address inside the network, even when a result redirects there', async () => {
    h.deps.extraTools = [webSearchTools(deps())];
    const { user, chatId } = await newUserChat(h);
    const run = await ask(chatId, user.id, 'Search the web for Lisbon port metadata');
    expect(run.outcome.status).toBe('complete');
    expect(pages.requests).toContain('/to-loopback');
    expect(trap.requests).toEqual([]);
    // the page that led inside is not among the sources
    expect(run.outcome.citations.map((c) => c.url)).not.toContain(`${pages.url}/to-loopback`);
  });

  it('the same query again in the chat is answered from its kept results: no search, no fetch', async () => {
    h.deps.extraTools = [webSearchTools(deps())];
    const { user, chatId } = await newUserChat(h);
    const first = await ask(chatId, user.id);
    expect(searxng.queries).toHaveLength(1);
    const fetched = pages.requests.length;
    const second = await ask(chatId, user.id);
    expect(searxng.queries).toHaveLength(1);
    expect(pages.requests).toHaveLength(fetched);
    expect(second.outcome.citations).toEqual(first.outcome.citations);
    const entry = await h.db.prisma.ledgerEntry.findUniqueOrThrow({ where: { turnId: second.turn.turnId } });
    expect(entry).toMatchObject({ webSearches: 0, webPagesRead: 0 });
    // another chat of the same person searches for itself
    const other = await newUserChat(h);
    await ask(other.chatId, other.user.id);
    expect(searxng.queries).toHaveLength(2);
  });

  it('a chat keeps a bounded number of searches, the newest', async () => {
    h.deps.extraTools = [webSearchTools(deps())];
    const { chatId } = await newUserChat(h);
    const old = new Date(Date.now() - 60_000);
    await h.db.prisma.chatWebResult.createMany({
      data: Array.from({ length: CHAT_WEB_RESULTS_KEPT }, (_, i) => ({ chatId, query: `old query ${i}`, sources: [], createdAt: old })),
    });
    const { userId } = await h.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId }, select: { userId: true } });
    await ask(chatId, userId);
    const kept = await h.db.prisma.chatWebResult.findMany({ where: { chatId }, select: { query: true } });
    expect(kept).toHaveLength(CHAT_WEB_RESULTS_KEPT);
    expect(kept.filter((k) => !k.query.startsWith('old query')).map((k) => k.query)).toEqual([expect.stringContaining('lisbon')]);
  });

  it('with public sources off for the deployment, the tool is not offered and nothing is requested', async () => {
    h.deps.extraTools = [webSearchTools(deps({ publicSources: false }))];
    const { user, chatId } = await newUserChat(h);
    const run = await ask(chatId, user.id);
    expect(run.outcome.status).toBe('complete');
    expect(Object.keys(run.turn.tools)).not.toContain('web_search');
    expect(run.turn.toolsJson).not.toContain('web_search');
    expect(searxng.queries).toEqual([]);
    expect(pages.requests).toEqual([]);
    expect(run.outcome.citations).toEqual([]);
  });

  it('a chat switched off by its person offers no web search and requests nothing; switched on again, it searches', async () => {
    h.deps.extraTools = [webSearchTools(deps())];
    const { user, chatId } = await newUserChat(h);
    await updateChatSettings(h.db.prisma, chatId, user.id, { webSearch: false });
    const off = await ask(chatId, user.id);
    expect(Object.keys(off.turn.tools)).not.toContain('web_search');
    expect(searxng.queries).toEqual([]);
    expect(pages.requests).toEqual([]);

    await updateChatSettings(h.db.prisma, chatId, user.id, { webSearch: true });
    const on = await ask(chatId, user.id);
    expect(on.outcome.citations.length).toBeGreaterThan(0);
    expect(searxng.queries).toHaveLength(1);
  });

  it('a search engine that fails does not break the answer', async () => {
    h.deps.extraTools = [webSearchTools(deps({ search: searxngSearch(`${pages.url}/missing`) }))];
    const { user, chatId } = await newUserChat(h);
    const run = await ask(chatId, user.id);
    expect(run.outcome.status).toBe('complete');
    expect(run.outcome.citations).toEqual([]);
    expect(run.outcome.text.length).toBeGreaterThan(10);
  });
});
