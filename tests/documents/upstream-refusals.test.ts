import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocument } from '@/lib/documents/intake/queue-document';
import { runOneJob } from '@/lib/documents/pipeline/worker/document-worker';
import { createModelProvider } from '@/lib/llm/provider';
import { createTestUser, SAMPLE_SOURCE, testPipelineDeps } from '@/tests/support/documents-harness';
import { parsePastedText } from '@/lib/documents/sources/parse-source-file';
import { type ScriptedReply, startScriptedUpstream, type ScriptedUpstream } from '@/tests/support/scripted-upstream';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';

// A provider's refusal decides what the job does next: the same request refused again is not worth an attempt.
describe('a document whose model call is refused', () => {
  let db: TestDatabase;
  let upstream: ScriptedUpstream;
  let reply: ScriptedReply = { text: ['ok'] };
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    upstream = await startScriptedUpstream(() => reply);
  });
  afterAll(async () => {
    await upstream?.close();
    await db?.dispose();
  });

  async function firstRun() {
    const ownerId = await createTestUser(db.prisma);
    const { id } = await createDocument(db.prisma, {
      ownerId,
      request: 'A report on the warehouse',
      model: 'sim-swift',
      sectionCount: 2,
      sources: [parsePastedText('Notes', SAMPLE_SOURCE)],
    });
    const before = upstream.requests.length;
    const deps = testPipelineDeps(db.prisma, upstream.url, { provider: createModelProvider({ baseUrl: upstream.url }) });
    await runOneJob(deps, { leaseMs: 5_000, retryBaseMs: 50 });
    const job = await db.prisma.documentJob.findUniqueOrThrow({ where: { documentId: id } });
    return { job, calls: upstream.requests.length - before };
  }

  it('a deterministic 4xx (a parameter the model refuses) fails the job at once, with a reason that says retrying will not help', async () => {
    reply = { status: 400 };
    const { job, calls } = await firstRun();
    expect(job.status).toBe('failed');
    expect(job.attempts).toBe(1);
    expect(job.error).toMatch(/cannot succeed as configured/);
    expect(job.error).toMatch(/will not help/);
    expect(calls).toBe(1);
  });

  it("a 429 waits for the provider's Retry-After before the next attempt", async () => {
    reply = { status: 429, headers: { 'retry-after': '120' } };
    const started = Date.now();
    const { job } = await firstRun();
    expect(job.status).not.toBe('failed');
    expect(job.runAfter.getTime() - started).toBeGreaterThanOrEqual(119_000);
  });

  it('a 5xx is retried with the usual backoff', async () => {
    reply = { status: 503 };
    const started = Date.now();
    const { job } = await firstRun();
    expect(job.status).not.toBe('failed');
    expect(job.runAfter.getTime() - started).toBeLessThan(10_000);
  });
});
