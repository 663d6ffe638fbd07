import { lookup } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { attachToDocument } from '@/lib/documents/intake/attachments';
import { getDocumentView, type SourceView } from '@/lib/documents/document-view';
import { exportDocument } from '@/lib/documents/export/export-document';
import type { DocumentRequest } from '@/lib/documents/intake/document-request';
import type { PipelineDeps } from '@/lib/documents/pipeline/pipeline-deps';
import { parsePastedText } from '@/lib/documents/sources/parse-source-file';
import { createLinkReader } from '@/lib/documents/sources/read-link';
import { searxngSearch } from '@/lib/web/searxng-search';
import { startDocument } from '@/lib/documents/intake/start-document';
import { createTestUser, driveJobsToRest, SAMPLE_SOURCE, testPipelineDeps } from '@/tests/support/documents-harness';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';
import {
  LINKED_PAGE,
  PORT_PAGE,
  startPageServer,
  startSearxngFake,
  startTrapServer,
  TRADE_PAGE,
  type PageServer,
  type RunningServer,
} from '@/tests/support/web-fixtures';

const PAGES_PORT = 3371;
const SEARXNG_PORT = 3372;
const TRAP_PORT = 3373;
const ALLOW = [`127.0.0.1:${PAGES_PORT}`];

describe.each(testDatabaseKinds())('research from the web and from links on %s', (kind) => {
  let db: TestDatabase;
  let simulator: SimulatorServer;
  let pages: PageServer;
  let trap: RunningServer;
  let searxng: RunningServer & { queries: string[] };
  let owner: string;
  let deps: (overrides?: Partial<PipelineDeps>) => PipelineDeps;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    simulator = await startSimulatorServer({ tokenDelayMs: 0 });
    pages = await startPageServer(PAGES_PORT, TRAP_PORT);
    trap = await startTrapServer(TRAP_PORT);
    searxng = await startSearxngFake(SEARXNG_PORT, [
      { url: `${pages.url}/port-2022`, title: 'Port of Lisbon 2022' },
      { url: `${pages.url}/trade`, title: 'Trade partners' },
    ]);
    owner = await createTestUser(db.prisma, { credits: 50_000_000n });
    const reader = createLinkReader({
      allowHosts: ALLOW,
      limits: { timeoutMs: 1_000 },
      // a name that resolves inside the network, as an intranet or a rebinding DNS would answer
      resolve: async (host) => (host === 'inside.test' ? [{ address: '127.0.0.1', family: 4 }] : lookup(host, { all: true })),
    });
    deps = (overrides = {}) =>
      testPipelineDeps(db.prisma, simulator.url, {
        publicSources: true,
        publicSearch: searxngSearch(searxng.url),
        linkReader: reader,
        ...overrides,
      });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([pages?.close(), trap?.close(), searxng?.close(), simulator?.close()]);
    await db?.dispose();
  });

  const start = (input: Partial<DocumentRequest>, publicSources = true) =>
    startDocument(
      { db: db.prisma, catalog: deps().catalog, publicSources, fetchAllowHosts: ALLOW },
      owner,
      {
        request: 'Write a report on the Port of Lisbon',
        sectionCount: 1,
        sources: [],
        files: [],
        urls: [],
        allowPublicSources: true,
        ...input,
      },
      { subject: { userId: owner }, perMinute: 1_000 },
    );
  const sourceAt = (sources: SourceView[], path: string) => sources.find((s) => s.url === `${pages.url}${path}`);
  const pageSentences = [PORT_PAGE, TRADE_PAGE, LINKED_PAGE].flatMap((p) => p.paragraphs.flatMap((text) => text.split(/(?<=\.)\s+/)));

  it('a document with public sources on cites facts from the pages it found and the link it was given, with URL and quote in the export', async () => {
    const { id } = await start({ urls: [`${pages.url}/moved`] });
    await driveJobsToRest(deps());
    const view = await getDocumentView(db.prisma, id, 'owner');
    expect(view.status).toBe('done');

    // the link given as a source was read through its redirect, its paragraphs counted
    const given = sourceAt(view.sources, '/moved');
    expect(given).toMatchObject({
      kind: 'url',
      status: 'read',
      reason: null,
      title: LINKED_PAGE.title,
      paragraphs: LINKED_PAGE.paragraphs.length,
    });
    // the search results were read too, and the search was asked
    expect(searxng.queries.length).toBeGreaterThan(0);
    expect(sourceAt(view.sources, '/port-2022')).toMatchObject({ kind: 'web', status: 'read', paragraphs: PORT_PAGE.paragraphs.length });
    expect(sourceAt(view.sources, '/trade')).toMatchObject({ kind: 'web', status: 'read', paragraphs: 1 });
    expect(view.progress.searches).toBe(searxng.queries.length);
    expect(view.progress.fetches).toBe(3);

    // facts come from the pages (the rest from the person's answers), each with the exact sentence it was taken from
    const facts = await db.prisma.fact.findMany({ where: { documentId: id } });
    const webIds = new Set(view.sources.filter((s) => s.url).map((s) => s.id));
    const answersIds = new Set(view.sources.filter((s) => s.kind === 'answers').map((s) => s.id));
    const fromPages = facts.filter((f) => webIds.has(f.sourceId));
    expect(fromPages.length).toBeGreaterThan(0);
    for (const fact of fromPages) expect(pageSentences).toContain(fact.quote);
    expect(facts.every((f) => webIds.has(f.sourceId) || answersIds.has(f.sourceId))).toBe(true);
    // the canvas gets each footnote's source and quote
    const cited = view.sections[0].citations.filter((c) => webIds.has(c.sourceId));
    expect(cited.length).toBeGreaterThan(0);
    expect(pageSentences).toContain(cited[0].quote);
    // figures taken from web pages are supported material for the fact check, as a file's are
    expect(view.sections.every((s) => s.status === 'written')).toBe(true);

    const md = (await exportDocument(db.prisma, id, 'md')).content;
    const citedSource = view.sources.find((s) => s.id === cited[0].sourceId)!;
    expect(md).toContain(`: “${cited[0].quote}” <${citedSource.url}> (read ${new Date().toISOString().slice(0, 10)})`);
    expect(md).toMatch(new RegExp(`^## Sources\\n\\n- \\[[^\\]]+\\]\\(<${pages.url}/`, 'm'));
    const html = (await exportDocument(db.prisma, id, 'html')).content;
    expect(html).toContain(`<a href="${citedSource.url}">${citedSource.title}</a>`);
  });

  it('with public sources off, by the deployment or by the request, no search request is made and no page is read', async () => {
    const searches = searxng.requests.length;
    const pageRequests = pages.requests.length;
    const notes = [parsePastedText('Port notes', SAMPLE_SOURCE)];
    // the deployment says no: the request's yes does not widen it
    await start({ sources: notes }, false);
    await driveJobsToRest(deps({ publicSources: false }));
    // the deployment allows it, the request does not
    await start({ sources: notes, allowPublicSources: false });
    await driveJobsToRest(deps());
    expect(searxng.requests.length).toBe(searches);
    expect(pages.requests.length).toBe(pageRequests);
    // a link needs the permission too
    await expect(start({ urls: [`${pages.url}/trade`] }, false)).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/PUBLIC_SOURCES is off/),
    });
  });

  it('a URL at a metadata, loopback or mapped address is refused with 422 when it is given, and never requested', async () => {
    const { id } = await start({ request: 'A report on the port, later with more links' });
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:5432/',
      `http://[::ffff:127.0.0.1]:${TRAP_PORT}/secret`,
      `http://127.0.0.1:${TRAP_PORT}/secret`,
      `http://localhost:${TRAP_PORT}/`,
    ]) {
      await expect(start({ urls: [url] }), url).rejects.toMatchObject({
        status: 422,
        message: expect.stringMatching(/private, loopback or link-local/),
      });
      await expect(
        attachToDocument(db.prisma, owner, id, [], { urls: [url], permission: { publicSources: true, fetchAllowHosts: ALLOW } }),
        url,
      ).rejects.toMatchObject({ status: 422 });
    }
    expect(trap.requests).toEqual([]);
    // a public link added later waits for research, once however often it is given
    const permission = { publicSources: true, fetchAllowHosts: ALLOW };
    const [added] = await attachToDocument(db.prisma, owner, id, [], { urls: [`${pages.url}/trade`], permission });
    const [again] = await attachToDocument(db.prisma, owner, id, [], { urls: [`${pages.url}/trade`], permission });
    expect(again.id).toBe(added.id);
    expect(sourceAt((await getDocumentView(db.prisma, id, 'owner')).sources, '/trade')).toMatchObject({
      kind: 'url',
      status: 'pending',
      reason: null,
    });
  });

  it('links that cannot be read stay on the document with the reason; redirects into the network are blocked and never followed', async () => {
    const paths = [
      '/missing',
      '/never-answers',
      '/huge',
      '/photo.png',
      '/private/notes',
      '/loop',
      '/to-metadata',
      '/to-loopback',
      '/to-mapped',
      '/to-inside-name',
      '/annual-report.pdf',
    ];
    const { id } = await start({ urls: paths.map((p) => `${pages.url}${p}`) });
    await driveJobsToRest(deps());
    const view = await getDocumentView(db.prisma, id, 'owner');
    expect(view.status).toBe('done');
    const failed = (path: string) => {
      const source = sourceAt(view.sources, path);
      expect(source?.status, path).toBe('failed');
      return source!.reason;
    };
    expect(failed('/missing')).toMatch(/answered 404/);
    expect(failed('/never-answers')).toMatch(/No complete answer within 1 s/);
    expect(failed('/huge')).toMatch(/Larger than 5 MB/);
    // the 50 MB page was cut off near the cap, not downloaded
    expect(pages.hugeBytesSent()).toBeLessThan(20 * 1024 * 1024);
    expect(failed('/photo.png')).toMatch(/Not a readable page \(image\/png\)/);
    expect(failed('/private/notes')).toMatch(/robots\.txt does not allow/);
    expect(pages.requests).not.toContain('/private/notes');
    expect(failed('/loop')).toMatch(/More than 5 redirects/);
    expect(failed('/to-metadata')).toMatch(/169\.254\.169\.254.*private, loopback or link-local/);
    expect(failed('/to-loopback')).toMatch(/127\.0\.0\.1:3373.*private, loopback or link-local/);
    expect(failed('/to-mapped')).toMatch(/private, loopback or link-local/);
    expect(failed('/to-inside-name')).toMatch(/inside\.test:3373 resolves to 127\.0\.0\.1/);
    expect(trap.requests).toEqual([]);
    // a PDF link is read page by page like an attached PDF
    expect(sourceAt(view.sources, '/annual-report.pdf')).toMatchObject({ status: 'read', unit: 'page', paragraphs: 2 });
  });
});
