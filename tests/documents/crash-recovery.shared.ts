import { expect } from 'vitest';
import { CRASH_POINTS, isAfterCallKill, referenceRun, runCrashSequence } from '@/tests/support/crash-suite';
import type { TestDatabaseKind } from '@/tests/support/test-database';

/** The assertions of the crash suite, shared by the PGlite and PostgreSQL files (they run in parallel). */
export async function crashSuite(kind: TestDatabaseKind): Promise<void> {
  const reference = await referenceRun();
  const run = await runCrashSequence(kind);
  try {
    const db = run.database.prisma;
    console.log(`[crash ${kind}] ${run.fired.length} kills: ${run.fired.join(', ')}`);
    expect([...run.fired].sort()).toEqual([...CRASH_POINTS[kind]].sort());

    const job = await db.documentJob.findUniqueOrThrow({ where: { documentId: run.documentId } });
    expect(job.status).toBe('done');

    // each section written exactly once, as one draft version
    const sections = await db.section.findMany({ where: { documentId: run.documentId }, include: { versions: true } });
    expect(sections).toHaveLength(3);
    for (const section of sections) {
      expect(['written', 'flagged']).toContain(section.status);
      expect(section.version).toBe(1);
      expect(section.versions.map((v) => v.kind)).toEqual(['draft']);
    }
    expect(job.sectionsDone).toBe(3);

    // no duplicated facts
    const facts = await db.fact.findMany({ where: { documentId: run.documentId } });
    expect(new Set(facts.map((f) => `${f.sectionId}|${f.normalized}`)).size).toBe(facts.length);

    // at most one research call per (job, section, round); nothing left reserved
    const entries = await db.ledgerEntry.findMany({ where: { jobId: job.id }, include: { calls: true } });
    for (const entry of entries.filter((e) => e.stepKey?.startsWith('research:'))) expect(entry.calls.length).toBeLessThanOrEqual(1);
    const calls = entries.flatMap((e) => e.calls);
    expect(calls.filter((c) => c.status === 'reserved')).toHaveLength(0);
    const upstream = run.simulatorRequests.filter((r) => r.jobId === job.id);
    expect(upstream.length).toBeLessThanOrEqual(calls.length);

    // no charge for thrown-away work beyond the interrupted calls
    const charged = calls.filter((c) => c.status === 'charged').length;
    const interrupted = run.fired.filter(isAfterCallKill).length;
    expect(charged).toBeLessThanOrEqual(reference.chargedCalls + interrupted);
    expect(job.spentMicros).toBe(entries.reduce((sum, e) => sum + e.chargedMicros, 0n));

    // the chat heard each system message once
    const events = await db.message.findMany({ where: { chatId: run.chatId, kind: 'event' }, orderBy: { createdAt: 'asc' } });
    expect(events.map((m) => (m.meta as { event: string }).event)).toEqual(['document_questions', 'document_started', 'document_done']);
    expect(await db.notification.count({ where: { documentId: run.documentId } })).toBe(1);
  } finally {
    await run.dispose();
  }
}
