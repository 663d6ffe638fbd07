import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDocument } from '@/lib/documents/intake/queue-document';
import { LINKS_AT_ONCE } from '@/lib/documents/sources/read-pending-links';
import { runCrashSequence } from '@/tests/support/crash-suite';
import { createTestChat, createTestUser } from '@/tests/support/documents-harness';
import { startPageServer, startSearxngFake, type PageServer, type RunningServer } from '@/tests/support/web-fixtures';

const PAGES_PORT = 3375;
const TRAP_PORT = 3376;
const SEARXNG_PORT = 3377;

/** Kills while links are read and searched: after a page was fetched but before it was saved, and before and after the round's call. */
const WEB_CRASH_POINTS = ['research:after-fetch:1', 'research:after-reading:1', 'research:after-fetch:3', 'research:after-call:1'];

let pages: PageServer;
let searxng: RunningServer & { queries: string[] };
beforeAll(async () => {
  pages = await startPageServer(PAGES_PORT, TRAP_PORT);
  searxng = await startSearxngFake(SEARXNG_PORT, [
    { url: `${pages.url}/port-2022`, title: 'Port of Lisbon 2022' },
    { url: `${pages.url}/trade`, title: 'Trade partners' },
  ]);
});
afterAll(async () => {
  await Promise.all([pages?.close(), searxng?.close()]);
});

it('a worker killed mid-research (mid-fetch, before and after the call) resumes without duplicate facts, sources or charges, and reads a saved page only once', async () => {
  const run = await runCrashSequence('pglite', WEB_CRASH_POINTS, {
    env: { PUBLIC_SOURCES: 'on', SEARCH_PROVIDER: 'searxng', SEARXNG_URL: searxng.url, FETCH_ALLOW_HOSTS: `127.0.0.1:${PAGES_PORT}` },
    seed: async (database) => {
      const userId = await createTestUser(database.prisma, { id: 'crash-web-user' });
      const chatId = await createTestChat(database.prisma, userId);
      const { id } = await createDocument(database.prisma, {
        ownerId: userId,
        chatId,
        request: 'Write a report on the Port of Lisbon',
        model: 'sim-swift',
        sectionCount: 2,
        researchRounds: 2,
        allowPublicSources: true,
        sources: [{ kind: 'url', title: `${pages.url}/moved`, unit: 'paragraph', url: `${pages.url}/moved`, paragraphs: [] }],
      });
      return { documentId: id, chatId };
    },
  });
  try {
    const db = run.database.prisma;
    expect([...run.fired].sort()).toEqual([...WEB_CRASH_POINTS].sort());
    const job = await db.documentJob.findUniqueOrThrow({ where: { documentId: run.documentId } });
    expect(job.status).toBe('done');

    // every link read once into one source, none left pending
    const sources = await db.source.findMany({ where: { documentId: run.documentId, url: { not: null } } });
    expect(sources.map((s) => s.url).sort()).toEqual([`${pages.url}/moved`, `${pages.url}/port-2022`, `${pages.url}/trade`]);
    expect(sources.every((s) => s.status === 'read')).toBe(true);

    // facts from the pages, each once, each with its quote
    const facts = await db.fact.findMany({ where: { documentId: run.documentId } });
    expect(new Set(facts.map((f) => `${f.sectionId}|${f.normalized}`)).size).toBe(facts.length);
    const webFacts = facts.filter((f) => sources.some((s) => s.id === f.sourceId));
    expect(webFacts.length).toBeGreaterThan(0);
    expect(webFacts.every((f) => f.quote.length > 0)).toBe(true);

    // at most one research call per (section, round), none billed twice
    const entries = await db.ledgerEntry.findMany({ where: { jobId: job.id }, include: { calls: true } });
    const research = entries.filter((e) => e.stepKey?.startsWith('research:'));
    expect(research.length).toBeLessThanOrEqual(4);
    for (const entry of research) expect(entry.calls.filter((c) => c.status === 'charged').length).toBeLessThanOrEqual(1);

    // the saved pages are the cache: only a fetch killed before its save is fetched again, and a
    // kill also loses the other link being read at that moment (two are read at once)
    const reads = pages.requests.filter((p) => p !== '/robots.txt' && p !== '/moved');
    const perPage = new Map<string, number>();
    for (const path of reads) perPage.set(path, (perPage.get(path) ?? 0) + 1);
    const killedFetches = run.fired.filter((p) => p.startsWith('research:after-fetch')).length;
    expect(reads.length).toBeLessThanOrEqual(3 + killedFetches * LINKS_AT_ONCE);
    for (const count of perPage.values()) expect(count).toBeLessThanOrEqual(1 + killedFetches);
    expect(job.fetches).toBe(3);
  } finally {
    await run.dispose();
  }
}, 240_000);
