import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { createDocument } from '@/lib/documents/intake/queue-document';
import { requestCancel, resumeJob } from '@/lib/documents/pipeline/job-control';
import { finalizeStep } from '@/lib/documents/pipeline/steps/finalize-step';
import { parsePastedText } from '@/lib/documents/sources/parse-source-file';
import type { PublicSearchProvider } from '@/lib/web/public-search';
import { startDocumentWorker } from '@/lib/documents/pipeline/worker/document-worker';
import { loadStepContext } from '@/lib/documents/pipeline/worker/run-claimed-job';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';
import {
  answerAll,
  createTestChat,
  createTestUser,
  driveJobsToRest,
  SAMPLE_SOURCE,
  testPipelineDeps,
  waitFor,
} from '@/tests/support/documents-harness';

const source = () => [parsePastedText('Warehouse notes', SAMPLE_SOURCE)];

describe('document job control (PGlite, in-process worker)', () => {
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

  async function documentAtWriting(userId: string, extra: Partial<Parameters<typeof createDocument>[1]> = {}) {
    // the request travels in the writer's prompt: its delay directive keeps a section's call streaming long enough to cancel
    const request = 'Write a report on the Lisbon warehouse [sim:delay=40]';
    const { id, jobId } = await createDocument(db.prisma, {
      ownerId: userId,
      request,
      model: 'sim-swift',
      sectionCount: 2,
      researchRounds: 1,
      sources: source(),
      ...extra,
    });
    const deps = testPipelineDeps(db.prisma, simulator.url);
    await driveJobsToRest(deps, { answer: false });
    await answerAll({ db: db.prisma }, id);
    return { id, jobId, deps };
  }

  it('cancel during a model call stops the upstream request and the job ends cancelled', async () => {
    const userId = await createTestUser(db.prisma);
    const { id, jobId, deps } = await documentAtWriting(userId);
    const worker = startDocumentWorker(deps, { pollMs: 20, leaseMs: 5_000 });
    try {
      const live = await waitFor(() =>
        simulator.stats.requests.find((r) => r.jobId === jobId && r.purpose === 'write' && r.closedAt === null && r.chunksSent > 0),
      );
      const cancelledAt = Date.now();
      await requestCancel(db.prisma, id);
      await waitFor(() => (simulator.stats.byId(live.requestId)?.closedAt ? true : undefined), 5_000);
      const closed = simulator.stats.byId(live.requestId)!;
      expect(closed.closeReason).toBe('client_closed');
      expect(closed.closedAt! - cancelledAt).toBeLessThan(1_000);
      const job = await waitFor(async () => {
        const row = await db.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } });
        return row.status === 'cancelled' ? row : undefined;
      });
      expect(job.leaseOwner).toBeNull();
      expect(await db.prisma.section.count({ where: { documentId: id, status: 'writing' } })).toBe(0);
      expect(await db.prisma.modelCall.count({ where: { status: 'reserved', entry: { jobId } } })).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('a cancel flag persisted by another process is honoured by the worker’s heartbeat', async () => {
    const userId = await createTestUser(db.prisma);
    const { jobId, deps } = await documentAtWriting(userId);
    const worker = startDocumentWorker(deps, { pollMs: 20, leaseMs: 900 });
    try {
      const live = await waitFor(() =>
        simulator.stats.requests.find((r) => r.jobId === jobId && r.purpose === 'write' && r.closedAt === null),
      );
      // only the flag: no in-process abort, as when the cancel arrived at another web process
      await db.prisma.documentJob.update({ where: { id: jobId }, data: { cancelRequested: true } });
      await waitFor(async () =>
        (await db.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } })).status === 'cancelled' ? true : undefined,
      );
      await waitFor(() => simulator.stats.byId(live.requestId)?.closeReason ?? undefined, 5_000);
      expect(simulator.stats.byId(live.requestId)?.closeReason).toBe('client_closed');
    } finally {
      await worker.stop();
    }
  });

  it('a worker stopped mid-step (shutdown) closes the upstream call and hands the job back for another worker to finish', async () => {
    const userId = await createTestUser(db.prisma);
    const { jobId, deps } = await documentAtWriting(userId);
    const worker = startDocumentWorker(deps, { pollMs: 20, leaseMs: 60_000 });
    const live = await waitFor(() =>
      simulator.stats.requests.find((r) => r.jobId === jobId && r.purpose === 'write' && r.closedAt === null && r.chunksSent > 0),
    );
    const attemptsBefore = (await db.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } })).attempts;
    await worker.stop();
    expect(await waitFor(() => simulator.stats.byId(live.requestId)?.closeReason ?? undefined, 5_000)).toBe('client_closed');
    const handedBack = await db.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } });
    // not held (the lease is long: only a release frees it now), not failed, no attempt burnt, nothing left reserved
    expect(handedBack).toMatchObject({ leaseOwner: null, leaseExpiresAt: null, status: 'writing', attempts: attemptsBefore });
    expect(await db.prisma.modelCall.count({ where: { status: 'reserved', entry: { jobId } } })).toBe(0);
    await driveJobsToRest(deps);
    expect((await db.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } })).status).toBe('done');
  });

  it('finalize run twice changes nothing', async () => {
    const userId = await createTestUser(db.prisma);
    const chatId = await createTestChat(db.prisma, userId);
    const { id, jobId } = await createDocument(db.prisma, {
      ownerId: userId,
      chatId,
      request: 'Write a report on the Lisbon warehouse',
      model: 'sim-swift',
      sectionCount: 1,
      researchRounds: 1,
      sources: source(),
    });
    const deps = testPipelineDeps(db.prisma, simulator.url);
    // stop at the finalize step, then run it by hand, twice
    await driveJobsToRest(deps);
    await db.prisma.documentJob.update({ where: { id: jobId }, data: { step: 'finalize', status: 'finalizing', finishedAt: null } });
    await db.prisma.document.update({ where: { id }, data: { summary: null } });
    await db.prisma.notification.deleteMany({ where: { documentId: id } });
    await db.prisma.message.deleteMany({ where: { chatId, kind: 'event' } });
    const job = await db.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } });
    const lease = { jobId, documentId: id, workerId: 'test', token: job.fencingToken, leaseMs: 5_000 };
    const snapshot = async () => ({
      job: await db.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } }),
      document: await db.prisma.document.findUniqueOrThrow({ where: { id } }),
      notifications: await db.prisma.notification.findMany({ where: { documentId: id } }),
      messages: await db.prisma.message.findMany({ where: { chatId } }),
      calls: await db.prisma.modelCall.findMany({ where: { entry: { jobId } }, orderBy: { createdAt: 'asc' } }),
    });
    const run = async () => {
      const ctx = await loadStepContext(deps, lease, new AbortController().signal);
      if (typeof ctx === 'string') throw new Error(ctx);
      await finalizeStep.run(ctx);
    };
    await run();
    const once = await snapshot();
    expect(once.job.status).toBe('done');
    expect(once.document.summary).toBeTruthy();
    expect(once.notifications).toHaveLength(1);
    expect(once.messages.filter((m) => m.kind === 'event')).toHaveLength(1);
    await run();
    expect(await snapshot()).toEqual(once);
  });

  it('pauses with the reason when the budget runs out, and resumes after a top-up without redoing work', async () => {
    const userId = await createTestUser(db.prisma);
    const { id, jobId } = await createDocument(db.prisma, {
      ownerId: userId,
      request: 'Write a report on the Lisbon warehouse',
      model: 'sim-swift',
      sectionCount: 2,
      researchRounds: 1,
      sources: source(),
      budgetMicros: 800n,
    });
    const deps = testPipelineDeps(db.prisma, simulator.url, { maxOutputTokens: 600 });
    await driveJobsToRest(deps);
    const paused = await db.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } });
    expect(paused.status).toBe('paused');
    expect(paused.error).toMatch(/budget is used up/);
    const stepsBefore = await db.prisma.ledgerEntry.findMany({ where: { jobId }, select: { stepKey: true, chargedMicros: true } });
    expect(paused.spentMicros).toBeLessThanOrEqual(800n);

    await resumeJob(db.prisma, id, { budgetMicros: 2_000_000n });
    await driveJobsToRest(deps);
    const done = await db.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } });
    expect(done.status).toBe('done');
    // every step paid before the pause was kept, not paid again
    for (const before of stepsBefore) {
      const after = await db.prisma.ledgerEntry.findUniqueOrThrow({ where: { jobId_stepKey: { jobId, stepKey: before.stepKey! } } });
      expect(after.chargedMicros).toBe(before.chargedMicros);
    }
  });

  it('a deployment with public sources off makes no search call, even when the request asks for one', async () => {
    const searches: string[] = [];
    const spy: PublicSearchProvider = {
      name: 'spy',
      search: async (query) => {
        searches.push(query);
        // no results: this test counts searches; reading pages is tests/documents/web-research.test.ts
        return [];
      },
    };
    const userId = await createTestUser(db.prisma);
    const run = async (deploymentAllows: boolean, requestAllows: boolean) => {
      searches.length = 0;
      const { jobId } = await createDocument(db.prisma, {
        ownerId: userId,
        request: 'Write a report on the Lisbon warehouse',
        model: 'sim-swift',
        sectionCount: 1,
        researchRounds: 1,
        sources: source(),
        allowPublicSources: requestAllows,
      });
      await driveJobsToRest(testPipelineDeps(db.prisma, simulator.url, { publicSources: deploymentAllows, publicSearch: spy }));
      expect((await db.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } })).status).toBe('done');
      return searches.length;
    };
    expect(await run(false, true)).toBe(0);
    expect(await run(true, false)).toBe(0);
    expect(await run(true, true)).toBeGreaterThan(0);
  });

  it('a step that keeps failing is retried with backoff up to the cap, then the job is failed with the reason; failed calls cost nothing', async () => {
    const userId = await createTestUser(db.prisma);
    const { id, jobId } = await createDocument(db.prisma, {
      ownerId: userId,
      request: 'Write a report on the Lisbon warehouse [sim:error]',
      model: 'sim-swift',
      sources: source(),
    });
    await db.prisma.documentJob.update({ where: { id: jobId }, data: { maxAttempts: 3 } });
    await driveJobsToRest(testPipelineDeps(db.prisma, simulator.url), { retryBaseMs: 20 });
    const job = await db.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^The type step failed 3 times: The model call for type failed/);
    const calls = await db.prisma.modelCall.findMany({ where: { entry: { documentId: id } } });
    expect(calls).toHaveLength(3);
    expect(calls.every((c) => c.status === 'refunded' && c.costMicros === 0n)).toBe(true);
    // resuming a failed job starts its attempts afresh
    await resumeJob(db.prisma, id);
    expect((await db.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } })).status).toBe('queued');
  });
});
