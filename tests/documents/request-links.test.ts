import type { ToolExecutionOptions } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { attachToDocument } from '@/lib/documents/intake/attachments';
import { documentChatTools } from '@/lib/documents/chat-tools';
import { getDocumentView } from '@/lib/documents/document-view';
import type { DocumentRequest } from '@/lib/documents/intake/document-request';
import { linksInText } from '@/lib/documents/intake/request-links';
import { startDocument } from '@/lib/documents/intake/start-document';
import { MAX_REQUEST_TEXT_LINKS } from '@/lib/documents/intake/unread-links';
import type { PipelineDeps } from '@/lib/documents/pipeline/pipeline-deps';
import { createLinkReader } from '@/lib/documents/sources/read-link';
import { createTestChat, createTestUser, driveJobsToRest, testPipelineDeps } from '@/tests/support/documents-harness';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';
import {
  LINKED_PAGE,
  PORT_PAGE,
  startPageServer,
  startTrapServer,
  type PageServer,
  type RunningServer,
} from '@/tests/support/web-fixtures';

const PAGES_PORT = 3378;
const TRAP_PORT = 3379;
const ALLOW = [`127.0.0.1:${PAGES_PORT}`];
const toolOptions = { toolCallId: 'call-1', messages: [] } as unknown as ToolExecutionOptions;

describe('links written in a document request', () => {
  let db: TestDatabase;
  let simulator: SimulatorServer;
  let pages: PageServer;
  let trap: RunningServer;
  let owner: string;
  let deps: PipelineDeps;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    simulator = await startSimulatorServer({ tokenDelayMs: 0 });
    pages = await startPageServer(PAGES_PORT, TRAP_PORT);
    trap = await startTrapServer(TRAP_PORT);
    owner = await createTestUser(db.prisma, { credits: 50_000_000n });
    deps = testPipelineDeps(db.prisma, simulator.url, {
      publicSources: true,
      fetchAllowHosts: ALLOW,
      linkReader: createLinkReader({ allowHosts: ALLOW, limits: { timeoutMs: 1_000 } }),
    });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([pages?.close(), trap?.close(), simulator?.close()]);
    await db?.dispose();
  });

  const start = (input: Partial<DocumentRequest>, publicSources = true) =>
    startDocument(
      { db: db.prisma, catalog: deps.catalog, publicSources, fetchAllowHosts: ALLOW },
      owner,
      { request: 'Write a report', sectionCount: 1, sources: [], files: [], urls: [], allowPublicSources: true, ...input },
      { subject: { userId: owner }, perMinute: 1_000 },
    );

  it('finds links as a person writes them: closing punctuation and brackets belong to the sentence', () => {
    expect(
      linksInText(
        'Summarise https://example.org/report. Also (see https://example.org/a_(b)) and https://example.org/x?y=1, «https://пример.рф/путь» 参见https://example.cn/页面。 ftp://example.org/no http://example.org/report.',
      ),
    ).toEqual([
      'https://example.org/report',
      'https://example.org/a_(b)',
      'https://example.org/x?y=1',
      'https://пример.рф/путь',
      'https://example.cn/页面',
      'http://example.org/report',
    ]);
  });

  it('a link in the request text is read and cited like a given URL, once, even when it is also given', async () => {
    const link = `${pages.url}/port-2022`;
    const { id, unreadLinks } = await start({
      request: `Write a summary of ${link}. Also use ${pages.url}/moved, and ${link} again.`,
      urls: [`${pages.url}/moved`],
    });
    expect(unreadLinks).toEqual([]);
    await driveJobsToRest(deps);
    const view = await getDocumentView(db.prisma, id, 'owner');
    expect(view.status).toBe('done');
    const links = view.sources.filter((s) => s.kind === 'url');
    expect(links.map((s) => [s.url, s.status, s.title])).toEqual([
      [`${pages.url}/moved`, 'read', LINKED_PAGE.title],
      [link, 'read', PORT_PAGE.title],
    ]);
    const facts = await db.prisma.fact.findMany({ where: { documentId: id } });
    expect(facts.some((f) => f.sourceId === links[1].id)).toBe(true);
  });

  it('without public sources the document is still made; each link is named with why it was not read, and nothing is fetched', async () => {
    const before = pages.requests.length;
    const link = `${pages.url}/trade`;
    const off = await start({ request: `Write a summary of ${link}` }, false);
    expect(off.unreadLinks).toEqual([{ url: link, reason: 'public_sources_off' }]);
    const notAllowed = await start({ request: `Write a summary of ${link}`, allowPublicSources: false });
    expect(notAllowed.unreadLinks).toEqual([{ url: link, reason: 'public_sources_not_allowed' }]);
    await driveJobsToRest({ ...deps, publicSources: false });
    for (const { id, unreadLinks } of [off, notAllowed]) {
      const view = await getDocumentView(db.prisma, id, 'owner');
      expect(view.status).toBe('done');
      expect(view.sources.filter((s) => s.kind === 'url')).toEqual([
        expect.objectContaining({ url: link, status: 'failed', reason: unreadLinks[0].reason, paragraphs: 0 }),
      ]);
    }
    expect(pages.requests.length).toBe(before);
  });

  it(`reads the first ${MAX_REQUEST_TEXT_LINKS} links and names the rest; a private address is named, never fetched; a link given later is read after all`, async () => {
    const links = Array.from({ length: MAX_REQUEST_TEXT_LINKS + 2 }, (_, i) => `${pages.url}/missing?n=${i}`);
    const trapLink = `http://127.0.0.1:${TRAP_PORT}/secret`;
    const { id, unreadLinks } = await start({ request: `Compare ${links.join(' ')} and ${trapLink}` });
    expect(unreadLinks).toEqual([
      { url: links[MAX_REQUEST_TEXT_LINKS], reason: 'too_many_links' },
      { url: links[MAX_REQUEST_TEXT_LINKS + 1], reason: 'too_many_links' },
      { url: trapLink, reason: 'blocked_address' },
    ]);
    // the sixth, given on its own, waits for research like any added link
    await attachToDocument(db.prisma, owner, id, [], {
      urls: [links[MAX_REQUEST_TEXT_LINKS]],
      permission: { publicSources: true, fetchAllowHosts: ALLOW },
    });
    await driveJobsToRest(deps);
    const view = await getDocumentView(db.prisma, id, 'owner');
    const reasonOf = (url: string) => view.sources.find((s) => s.url === url)?.reason;
    expect(reasonOf(links[MAX_REQUEST_TEXT_LINKS + 1])).toBe('too_many_links');
    expect(reasonOf(trapLink)).toBe('blocked_address');
    // the ones read were tried (the fake answers 404), the sixth too
    expect(pages.requests.filter((r) => r.startsWith('/missing?n=')).sort()).toEqual(
      links
        .slice(0, MAX_REQUEST_TEXT_LINKS + 1)
        .map((l) => l.slice(pages.url.length))
        .sort(),
    );
    expect(trap.requests).toEqual([]);
  });

  it("the chat's start_document reads links in its request where the chat may use the web, and tells the model which it did not read", async () => {
    const chatId = await createTestChat(db.prisma, owner, 'sim-mini');
    const link = `${pages.url}/labour`;
    const request = `Write a summary of ${link}`;
    const withWeb = documentChatTools(deps)({ db: db.prisma, chatId, userId: owner, userMessageId: 'm1', webSearch: true });
    const read = (await withWeb.start_document.execute!({ request }, toolOptions)) as { documentId: string; unreadLinks?: unknown };
    expect(read.unreadLinks).toBeUndefined();
    const document = await db.prisma.document.findUniqueOrThrow({ where: { id: read.documentId } });
    // the pasted link is read; the document does not search the web on its own
    expect(document.allowPublicSources).toBe(false);
    expect(await db.prisma.source.findMany({ where: { documentId: read.documentId }, select: { url: true, status: true } })).toEqual([
      { url: link, status: 'pending' },
    ]);

    const withoutWeb = documentChatTools(deps)({ db: db.prisma, chatId, userId: owner, userMessageId: 'm2', webSearch: false });
    const unread = (await withoutWeb.start_document.execute!({ request }, toolOptions)) as { unreadLinks: unknown };
    expect(unread.unreadLinks).toEqual([{ url: link, reason: expect.stringMatching(/web search is off/) }]);
    const offServer = documentChatTools({ ...deps, publicSources: false })({
      db: db.prisma,
      chatId,
      userId: owner,
      userMessageId: 'm3',
      webSearch: true,
    });
    const off = (await offServer.start_document.execute!({ request }, toolOptions)) as { unreadLinks: unknown };
    expect(off.unreadLinks).toEqual([{ url: link, reason: expect.stringMatching(/does not read web pages/) }]);
  });
});
