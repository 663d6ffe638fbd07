import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentRole } from '@/lib/documents/access';
import { createDocument } from '@/lib/documents/intake/queue-document';
import { deleteDocument, renameDocument } from '@/lib/documents/manage-document';
import { shareDocument } from '@/lib/documents/members';
import { requestCancel, resumeJob } from '@/lib/documents/pipeline/job-control';
import { startDocumentWorker } from '@/lib/documents/pipeline/worker/document-worker';
import { parsePastedText } from '@/lib/documents/sources/parse-source-file';
import { startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { answerAll, createTestUser, driveJobsToRest, SAMPLE_SOURCE, testPipelineDeps, waitFor } from '@/tests/support/documents-harness';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';

describe('renaming, deleting, cancelling and resuming a document (PGlite, in-process worker)', () => {
  let db: TestDatabase;
  let simulator: SimulatorServer;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    simulator = await startSimulatorServer({ tokenDelayMs: 0 });
  });
  afterAll(async () => {
    await simulator?.close();
    await db?.dispose();
  });

  /** A three-section document whose questions are answered, its job about to write (slowly: the delay directive). */
  async function documentBeforeWriting(ownerId: string) {
    const { id, jobId } = await createDocument(db.prisma, {
      ownerId,
      request: 'Write a report on the Lisbon warehouse [sim:delay=40]',
      model: 'sim-swift',
      sectionCount: 3,
      researchRounds: 1,
      sources: [parsePastedText('Warehouse notes', SAMPLE_SOURCE)],
    });
    const deps = testPipelineDeps(db.prisma, simulator.url);
    await driveJobsToRest(deps, { answer: false });
    await answerAll({ db: db.prisma }, id);
    return { id, jobId, deps };
  }

  it('deleting a document while a section is being written stops the model call, bills nothing more, and shared people lose it', async () => {
    const ownerId = await createTestUser(db.prisma);
    const readerId = await createTestUser(db.prisma);
    const { id, jobId, deps } = await documentBeforeWriting(ownerId);
    const reader = await db.prisma.user.findUniqueOrThrow({ where: { id: readerId } });
    await shareDocument(db.prisma, id, ownerId, reader.email, 'reviewer');
    expect(await documentRole(db.prisma, id, readerId)).toBe('reviewer');
    const worker = startDocumentWorker(deps, { pollMs: 20, leaseMs: 5_000 });
    try {
      const live = await waitFor(() =>
        simulator.stats.requests.find((r) => r.jobId === jobId && r.purpose === 'write' && r.closedAt === null && r.chunksSent > 0),
      );
      const deletedAt = Date.now();
      await deleteDocument(db.prisma, id);
      // the upstream request is closed at once, not left to finish
      await waitFor(() => (simulator.stats.byId(live.requestId)?.closedAt ? true : undefined), 5_000);
      expect(simulator.stats.byId(live.requestId)!.closeReason).toBe('client_closed');
      expect(simulator.stats.byId(live.requestId)!.closedAt! - deletedAt).toBeLessThan(1_000);
      // the interrupted call is settled (nothing stays reserved), and no call starts after the deletion
      await waitFor(async () =>
        (await db.prisma.modelCall.count({ where: { status: 'reserved', entry: { jobId } } })) === 0 ? true : undefined,
      );
      const callsAfter = simulator.stats.requests.filter((r) => r.jobId === jobId && r.startedAt > deletedAt);
      expect(callsAfter).toEqual([]);
      expect(await db.prisma.ledgerEntry.count({ where: { jobId } })).toBeGreaterThan(0);
      const wallet = await db.prisma.wallet.findUniqueOrThrow({ where: { userId: ownerId } });
      expect(wallet.reservedMicros).toBe(0n);
    } finally {
      await worker.stop();
    }
    expect(await db.prisma.document.count({ where: { id } })).toBe(0);
    expect(await db.prisma.documentJob.count({ where: { id: jobId } })).toBe(0);
    expect(await documentRole(db.prisma, id, readerId)).toBeNull();
    expect(await db.prisma.notification.count({ where: { documentId: id } })).toBe(0);
    await expect(deleteDocument(db.prisma, id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('a cancelled document resumes where it stopped: written sections are not written again, research is not repeated', async () => {
    const ownerId = await createTestUser(db.prisma);
    const { id, jobId, deps } = await documentBeforeWriting(ownerId);
    const worker = startDocumentWorker(deps, { pollMs: 20, leaseMs: 5_000 });
    try {
      // the first section written, the second being written: cancel
      await waitFor(async () =>
        (await db.prisma.section.count({ where: { documentId: id, status: { in: ['written', 'flagged'] } } })) >= 1 ? true : undefined,
      );
      await waitFor(() =>
        simulator.stats.requests.find((r) => r.jobId === jobId && r.purpose === 'write' && r.closedAt === null && r.chunksSent > 0),
      );
      await requestCancel(db.prisma, id);
      await waitFor(async () =>
        (await db.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } })).status === 'cancelled' ? true : undefined,
      );
    } finally {
      await worker.stop();
    }
    const written = await db.prisma.section.findMany({
      where: { documentId: id, status: { in: ['written', 'flagged'] } },
      select: { id: true, version: true },
    });
    expect(written.length).toBeGreaterThanOrEqual(1);
    const researchCalls = () => db.prisma.modelCall.count({ where: { purpose: 'research', entry: { jobId } } });
    const researchBefore = await researchCalls();
    const spentBefore = (await db.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } })).spentMicros;

    expect(await resumeJob(db.prisma, id)).toEqual({ status: 'writing' });
    const resumed = await db.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } });
    expect(resumed).toMatchObject({ cancelRequested: false, finishedAt: null, spentMicros: spentBefore });
    await driveJobsToRest(deps);

    expect((await db.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } })).status).toBe('done');
    for (const section of written) {
      const now = await db.prisma.section.findUniqueOrThrow({ where: { id: section.id }, select: { version: true } });
      expect(now.version).toBe(section.version);
    }
    expect(await researchCalls()).toBe(researchBefore);
    // a finished document is not resumed
    await expect(resumeJob(db.prisma, id)).rejects.toMatchObject({ code: 'conflict' });
  });

  it('a name the owner gives before the type is chosen is kept; the automatic one is grammatical and has no ellipsis', async () => {
    const ownerId = await createTestUser(db.prisma);
    const deps = testPipelineDeps(db.prisma, simulator.url);
    const named = await createDocument(db.prisma, {
      ownerId,
      request: 'Write a guide to composting for beginners',
      model: 'sim-swift',
      sectionCount: 1,
    });
    expect(await renameDocument(db.prisma, named.id, '  “My compost notes…”  ')).toEqual({ id: named.id, title: 'My compost notes' });
    const automatic = await createDocument(db.prisma, {
      ownerId,
      request: 'Write a guide to composting for beginners who have a small balcony garden and only an hour each weekend to spend on it',
      model: 'sim-swift',
      sectionCount: 1,
    });
    await driveJobsToRest(deps, { answer: false });
    const title = async (id: string) => (await db.prisma.document.findUniqueOrThrow({ where: { id } })).title;
    expect(await title(named.id)).toBe('My compost notes');
    const derived = await title(automatic.id);
    expect(derived).toMatch(/^Guide to composting for beginners/);
    expect(derived).not.toMatch(/…|\.\.\./);
    await expect(renameDocument(db.prisma, named.id, ' … ')).rejects.toMatchObject({ code: 'validation_failed' });
  });
});
