import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocument } from '@/lib/documents/intake/queue-document';
import type { PipelineDeps } from '@/lib/documents/pipeline/pipeline-deps';
import { reviseSection } from '@/lib/documents/sections/revise-section';
import { openRewriteFixture, withModelMiddleware, type RewriteFixture } from '@/tests/support/rewrite-fixture';
import { parsePastedText } from '@/lib/documents/sources/parse-source-file';
import { driveJobsToRest, SAMPLE_SOURCE } from '@/tests/support/documents-harness';
import { CUT_BY, scriptedCalls, STOPPED, type ScriptedAnswer, type ScriptedCall } from '@/tests/support/scripted-model';
import { testDatabaseKinds } from '@/tests/support/test-database';

const FIRST_HALF = 'The loading bays were reviewed over several weeks, and the team found that the morning shift';
const SECOND_HALF = ' waits longest for trucks, while the evening shift moves goods quickly.';
const WHOLE = FIRST_HALF + SECOND_HALF;
const cutKinds = Object.keys(CUT_BY) as Array<keyof typeof CUT_BY>;

describe.each(testDatabaseKinds())('cut-off model output is continued or refused, never stored cut (%s)', (kind) => {
  let fx: RewriteFixture;
  beforeAll(async () => {
    fx = await openRewriteFixture(kind);
  }, 180_000);
  afterAll(async () => {
    await fx?.dispose();
  });

  /** The fixture's deps, with the calls of one task answered by the script (the rest by the simulator). */
  const scripted = (answer: (call: ScriptedCall) => ScriptedAnswer): PipelineDeps => ({
    ...fx.deps,
    provider: withModelMiddleware(fx.deps.provider, scriptedCalls(answer)),
  });
  /** The task's first reply is cut by `cut`; a continuation request gets the rest. */
  const cutThenContinued =
    (task: string, cut: keyof typeof CUT_BY) =>
    (call: ScriptedCall): ScriptedAnswer => {
      if (call.task === task) return { text: FIRST_HALF, finish: CUT_BY[cut] };
      if (call.task === 'continue-answer') return { text: SECOND_HALF, finish: STOPPED };
      return null;
    };
  /** Every reply of the task, continuations included, is cut again. */
  const alwaysCut = (task: string, cut: keyof typeof CUT_BY) => {
    let n = 0;
    return (call: ScriptedCall): ScriptedAnswer =>
      call.task === task || call.task === 'continue-answer'
        ? { text: `${n++ ? ' and' : ''} part ${'x'.repeat(n)}`, finish: CUT_BY[cut] }
        : null;
  };
  const newDocument = async (deps: PipelineDeps) => {
    const { id, jobId } = await createDocument(fx.db.prisma, {
      ownerId: fx.owner,
      request: 'Write a report on the Lisbon warehouse',
      model: 'sim-swift',
      sectionCount: 1,
      researchRounds: 1,
      budgetMicros: 100_000_000n,
      sources: [parsePastedText('Warehouse notes', SAMPLE_SOURCE)],
    });
    await fx.db.prisma.documentJob.update({ where: { id: jobId }, data: { maxAttempts: 1 } });
    await driveJobsToRest(deps, { retryBaseMs: 10 });
    const section = await fx.db.prisma.section.findFirstOrThrow({ where: { documentId: id } });
    const job = await fx.db.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } });
    const writeCalls = await fx.db.prisma.modelCall.findMany({
      where: { entry: { documentId: id, stepKey: { startsWith: 'write:' } } },
      orderBy: { seq: 'asc' },
    });
    const { summary } = await fx.db.prisma.document.findUniqueOrThrow({ where: { id }, select: { summary: true } });
    return { section, job, writeCalls, summary };
  };

  it.each(cutKinds)(
    'a section draft cut by %s is continued and the merged text is stored whole',
    async (cut) => {
      const { section, writeCalls } = await newDocument(scripted(cutThenContinued('write-section', cut)));
      expect(section.status).toBe('written');
      expect(section.body).toBe(WHOLE);
      expect(writeCalls.map((c) => [c.purpose, c.finishReason])).toEqual([
        ['write', CUT_BY[cut].raw],
        ['write', 'stop'],
      ]);
    },
    120_000,
  );

  it.each(cutKinds)(
    'a section draft still cut by %s after four continuations is refused, not stored',
    async (cut) => {
      const { section, job, writeCalls } = await newDocument(scripted(alwaysCut('write-section', cut)));
      expect(section.status).not.toBe('written');
      expect(section.body).toBe('');
      // every attempt: the draft and four continuations, all on the attempt's one ledger entry
      const perEntry = new Map<string, number>();
      for (const call of writeCalls) perEntry.set(call.entryId, (perEntry.get(call.entryId) ?? 0) + 1);
      const perAttempt = [...perEntry.values()];
      expect(perAttempt.length).toBeGreaterThan(0);
      expect(perAttempt.every((n) => n === 5)).toBe(true);
      expect({ status: job.status, error: job.error }).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/cut off by the output limit after 4 continuations/),
      });
    },
    120_000,
  );

  it.each(cutKinds)(
    'a document summary cut by %s is continued and the merged text is stored whole',
    async (cut) => {
      const { job, summary } = await newDocument(scripted(cutThenContinued('summarize-document', cut)));
      expect(job.status).toBe('done');
      expect(summary).toBe(WHOLE);
    },
    120_000,
  );

  it.each(cutKinds)(
    'a document summary still cut by %s after four continuations is refused, not stored',
    async (cut) => {
      const { section, job, summary } = await newDocument(scripted(alwaysCut('summarize-document', cut)));
      expect(section.status).toBe('written');
      expect(summary).toBeNull();
      expect({ status: job.status, step: job.step, error: job.error }).toMatchObject({
        status: 'failed',
        step: 'finalize',
        error: expect.stringMatching(/summary.*cut off by the output limit after 4 continuations/),
      });
    },
    120_000,
  );

  it.each(cutKinds)(
    'a revision cut by %s is continued and applied whole',
    async (cut) => {
      const sectionId = fx.sectionIds[0];
      await fx.setBody(sectionId, 'The loading bays were slow.');
      const result = await reviseSection(scripted(cutThenContinued('rewrite-fragment', cut)), {
        userId: fx.owner,
        documentId: fx.documentId,
        section: '1',
        instruction: 'expand it',
      });
      expect(result).toMatchObject({ applied: true });
      expect((await fx.db.prisma.section.findUniqueOrThrow({ where: { id: sectionId } })).body).toBe(WHOLE);
    },
    60_000,
  );

  it.each(cutKinds)(
    'a revision still cut by %s is refused and the section keeps its text',
    async (cut) => {
      const sectionId = fx.sectionIds[0];
      const before = await fx.setBody(sectionId, 'The loading bays were slow, said the manager.');
      const revising = reviseSection(scripted(alwaysCut('rewrite-fragment', cut)), {
        userId: fx.owner,
        documentId: fx.documentId,
        section: '1',
        instruction: 'expand it',
      });
      await expect(revising).rejects.toMatchObject({ code: 'unprocessable' });
      const after = await fx.db.prisma.section.findUniqueOrThrow({ where: { id: sectionId } });
      expect({ version: after.version, body: after.body }).toEqual(before);
    },
    60_000,
  );

  it('a manual edit never flags what the person typed, and a revision keeps their names and figures', async () => {
    const sectionId = fx.sectionIds[1];
    await fx.setBody(sectionId, 'Manual edit by Ada: the north dock handles 37 pallets an hour.');
    const edited = await fx.db.prisma.section.findUniqueOrThrow({ where: { id: sectionId } });
    expect(edited.status).toBe('written');
    expect(edited.flags).toBeNull();
    const result = await reviseSection(fx.deps, {
      userId: fx.owner,
      documentId: fx.documentId,
      section: '2',
      instruction: 'make it more formal',
    });
    expect(result).toMatchObject({ applied: true });
    const revised = await fx.db.prisma.section.findUniqueOrThrow({ where: { id: sectionId } });
    expect(revised.body).toContain('Ada');
    expect(revised.body).toContain('37');
    expect(revised.flags).toBeNull();
  }, 60_000);

  it('a research call that fails upstream (502) is retried within its round and the section gets its facts', async () => {
    let failures = 0;
    const deps = scripted((call) => (call.task === 'research-round' && failures++ === 0 ? { httpStatus: 502 } : null));
    const { id } = await createDocument(fx.db.prisma, {
      ownerId: fx.owner,
      request: 'Write a report on the Lisbon warehouse',
      model: 'sim-swift',
      sectionCount: 1,
      researchRounds: 1,
      budgetMicros: 100_000_000n,
      sources: [parsePastedText('Warehouse notes', SAMPLE_SOURCE)],
    });
    await driveJobsToRest(deps, { retryBaseMs: 10 });
    const section = await fx.db.prisma.section.findFirstOrThrow({ where: { documentId: id } });
    expect(failures).toBeGreaterThanOrEqual(2);
    expect(await fx.db.prisma.fact.count({ where: { sectionId: section.id, round: 1 } })).toBeGreaterThan(0);
    const calls = await fx.db.prisma.modelCall.findMany({
      where: { entry: { documentId: id, stepKey: { startsWith: 'research:' } } },
      orderBy: { seq: 'asc' },
    });
    expect(calls.map((c) => c.status)).toEqual(['refunded', 'charged']);
    expect(section.status).toBe('written');
  }, 120_000);
});
