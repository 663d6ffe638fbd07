import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { createDocument } from '@/lib/documents/intake/queue-document';
import { parsePastedText } from '@/lib/documents/sources/parse-source-file';
import { getDocumentView } from '@/lib/documents/document-view';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';
import {
  createTestChat,
  createTestUser,
  driveJobsToRest,
  SAMPLE_SOURCE,
  testPipelineDeps,
  writePromptTokensOf40Sections,
} from '@/tests/support/documents-harness';

describe.each(testDatabaseKinds())('the document pipeline on %s', (kind) => {
  let db: TestDatabase;
  let simulator: SimulatorServer;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    simulator = await startSimulatorServer({ tokenDelayMs: 0 });
  });
  afterAll(async () => {
    await simulator?.close();
    await db?.dispose();
  });

  it('writes a small report from an attached source, from type to done, with the chat told Started and Done', async () => {
    const userId = await createTestUser(db.prisma);
    const chatId = await createTestChat(db.prisma, userId);
    const { id } = await createDocument(db.prisma, {
      ownerId: userId,
      chatId,
      request: 'Write a report on the Northwind Lisbon warehouse',
      model: 'sim-swift',
      sectionCount: 3,
      sources: [parsePastedText('Warehouse notes', SAMPLE_SOURCE)],
    });
    const deps = testPipelineDeps(db.prisma, simulator.url);
    await driveJobsToRest(deps);

    const view = await getDocumentView(db.prisma, id, 'owner');
    expect(view.status).toBe('done');
    expect(view.type).toBe('report');
    expect(view.sections).toHaveLength(3);
    expect(view.sections.every((s) => s.status === 'written' && s.version === 1 && s.body.length > 0)).toBe(true);
    expect(view.progress).toEqual({ step: 'done', sectionsDone: 3, sectionsTotal: 3, searches: 0, fetches: 0, fetchMs: 0 });
    expect(view.summary).toBeTruthy();
    expect(view.questions.length).toBeGreaterThan(0);
    expect(view.questions.every((q) => q.answer)).toBe(true);

    const facts = await db.prisma.fact.findMany({ where: { documentId: id } });
    expect(facts.length).toBeGreaterThan(0);
    expect(view.sections.some((s) => /\[\^1\]/.test(s.body))).toBe(true);

    const entries = await db.prisma.ledgerEntry.findMany({ where: { documentId: id }, include: { calls: true } });
    const purposes = new Set(entries.flatMap((e) => e.calls.map((c) => c.purpose)));
    expect([...purposes].sort()).toEqual(['plan', 'questions', 'research', 'summary', 'type', 'write']);
    expect(entries.every((e) => e.status === 'settled')).toBe(true);
    const job = await db.prisma.documentJob.findUniqueOrThrow({ where: { documentId: id } });
    expect(job.spentMicros).toBe(entries.reduce((sum, e) => sum + e.chargedMicros, 0n));
    expect(job.spentMicros).toBeGreaterThan(0n);

    const events = await db.prisma.message.findMany({ where: { chatId, kind: 'event' }, orderBy: { createdAt: 'asc' } });
    expect(events.map((m) => (m.meta as { event: string }).event)).toEqual(['document_questions', 'document_started', 'document_done']);
    expect((events[1].meta as { sections: number }).sections).toBe(3);
    expect(events[2].text).toMatch(/3 sections/);
    expect(await db.prisma.notification.count({ where: { userId, documentId: id } })).toBe(1);
    expect(simulator.stats.requests.filter((r) => r.jobId === job.id)).toHaveLength(entries.reduce((n, e) => n + e.calls.length, 0));
  }, 60_000);

  it('a section the fact check still flags after one regeneration is saved as flagged, with the flags listed', async () => {
    const userId = await createTestUser(db.prisma);
    const deps = testPipelineDeps(db.prisma, simulator.url);
    const make = (request: string) =>
      createDocument(db.prisma, {
        ownerId: userId,
        request,
        model: 'sim-swift',
        sectionCount: 1,
        researchRounds: 1,
        sources: [parsePastedText('Warehouse notes', SAMPLE_SOURCE)],
      });
    const always = await make('Write a report on the Lisbon warehouse [sim:hallucinate]');
    const once = await make('Write a report on the Lisbon warehouse [sim:hallucinate-once]');
    await driveJobsToRest(deps);

    const flagged = (await getDocumentView(db.prisma, always.id, 'owner')).sections[0];
    expect(flagged.status).toBe('flagged');
    expect((flagged.flags as Array<{ token: string }>).map((f) => f.token)).toEqual(expect.arrayContaining(['73.4%', 'Zebulon Quark']));
    const fixed = (await getDocumentView(db.prisma, once.id, 'owner')).sections[0];
    expect(fixed.status).toBe('written');
    expect(fixed.body).not.toContain('Zebulon');
    // regenerated once: two write calls in one ledger entry
    const writes = await db.prisma.modelCall.findMany({ where: { purpose: 'write', entry: { documentId: once.id } } });
    expect(writes).toHaveLength(2);
  }, 60_000);

  it('prompt tokens per section stay flat as the document grows (section 40 ≤ 1.2 × section 2)', async () => {
    const { second, fortieth } = await writePromptTokensOf40Sections(db.prisma, simulator.url);
    expect(fortieth).toBeLessThanOrEqual(1.2 * second);
  }, 180_000);
});
