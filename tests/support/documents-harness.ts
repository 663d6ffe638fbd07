import type { Db } from '@/lib/db/client';
import { ModelCatalog, parseModelCatalog } from '@/lib/llm/catalog';
import { createModelProvider } from '@/lib/llm/provider';
import { SIMULATED_MODELS } from '@/lib/llm/simulator/models';
import { answerQuestions } from '@/lib/documents/pipeline/answers';
import { createDocument } from '@/lib/documents/intake/queue-document';
import { parsePastedText } from '@/lib/documents/sources/parse-source-file';
import { createLinkReader } from '@/lib/documents/sources/read-link';
import { AppError } from '@/lib/errors';
import type { PipelineDeps } from '@/lib/documents/pipeline/pipeline-deps';
import { runOneJob, type WorkerOptions } from '@/lib/documents/pipeline/worker/document-worker';

/** A user with a wallet, as sign-up would leave them. */
export async function createTestUser(db: Db, options: { id?: string; email?: string; credits?: bigint } = {}): Promise<string> {
  const id = options.id ?? `u-${Math.random().toString(36).slice(2, 10)}`;
  const credits = options.credits ?? 5_000_000n;
  await db.user.create({ data: { id, name: `User ${id}`, email: options.email ?? `${id}@example.com` } });
  await db.wallet.create({ data: { userId: id, balanceMicros: credits, creditedMicros: credits } });
  return id;
}

export async function createTestChat(db: Db, userId: string, model = 'sim-swift'): Promise<string> {
  const chat = await db.chat.create({ data: { userId, title: 'Test chat', model }, select: { id: true } });
  return chat.id;
}

export function testPipelineDeps(db: Db, simulatorUrl: string, overrides: Partial<PipelineDeps> = {}): PipelineDeps {
  return {
    db,
    provider: createModelProvider({ baseUrl: simulatorUrl }),
    catalog: new ModelCatalog(parseModelCatalog(undefined, { maxOutputTokens: 2400 }, SIMULATED_MODELS)),
    publicSources: false,
    publicSearch: null,
    linkReader: createLinkReader({ allowHosts: [] }),
    maxOutputTokens: 1200,
    log: () => undefined,
    ...overrides,
  };
}

export const SAMPLE_SOURCE = [
  'Northwind Traders opened its Lisbon warehouse in March 2021. The warehouse handles 4,200 orders a day.',
  'Delivery times in Portugal fell from 5 days to 2 days after the opening. Customer complaints dropped by 31 percent.',
  'The company employs 180 people in Lisbon. Most of them work in picking and packing.',
  'Energy costs rose by 12 percent in 2022. The warehouse installed solar panels on its roof in 2023.',
  'Management plans a second site near Porto. The Porto site would serve the north of the country.',
  'Returns are processed within 48 hours. The returns team uses a barcode system called ScanPro 7.',
].join('\n\n');

export const CANNED_ANSWER = 'Operations managers at Northwind Traders; the years 2021 to 2023.';

/**
 * Runs jobs in this process until none is claimable, answering questions with
 * a canned answer when a job waits for them. Returns how many units ran.
 */
export async function driveJobsToRest(
  deps: PipelineDeps,
  options: WorkerOptions & { answer?: boolean; maxRuns?: number } = {},
): Promise<number> {
  let runs = 0;
  for (; runs < (options.maxRuns ?? 200); runs++) {
    const outcome = await runOneJob(deps, { leaseMs: 5_000, retryBaseMs: 50, ...options });
    if (outcome !== 'idle') continue;
    if (options.answer === false) break;
    const waiting = await deps.db.documentJob.findMany({ where: { status: 'awaiting_answers' }, select: { documentId: true } });
    if (waiting.length === 0) {
      // a retry backs off for a moment: wait for it rather than stopping early
      const backingOff = await deps.db.documentJob.count({
        where: { status: { in: ['queued', 'planning', 'researching', 'writing', 'finalizing'] } },
      });
      if (backingOff === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 60));
      continue;
    }
    for (const job of waiting) await answerAll(deps, job.documentId);
  }
  return runs;
}

/** Answers every open question; another worker process answering first is fine (a 409 here). */
export async function answerAll({ db, crashPoint }: Pick<PipelineDeps, 'db' | 'crashPoint'>, documentId: string): Promise<void> {
  const questions = await db.documentQuestion.findMany({ where: { documentId, answer: null }, select: { id: true } });
  try {
    await answerQuestions(
      db,
      documentId,
      questions.map((q) => ({ questionId: q.id, text: CANNED_ANSWER })),
    );
    crashPoint?.('answers:after-commit');
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'conflict')) throw error;
  }
}

/**
 * Writes a 40-section document end to end and returns the write-call prompt
 * tokens of sections 2, 20 and 40: a section's prompt must not grow with the document.
 */
export async function writePromptTokensOf40Sections(
  db: Db,
  simulatorUrl: string,
): Promise<{ second: number; twentieth: number; fortieth: number }> {
  const ownerId = await createTestUser(db, { credits: 100_000_000n });
  const { id } = await createDocument(db, {
    ownerId,
    request: 'Write a manual on running the Lisbon warehouse',
    model: 'sim-swift',
    sectionCount: 40,
    researchRounds: 1,
    sources: [parsePastedText('Warehouse notes', SAMPLE_SOURCE)],
  });
  await driveJobsToRest(testPipelineDeps(db, simulatorUrl), { maxRuns: 5_000 });
  const sections = await db.section.findMany({ where: { documentId: id }, orderBy: { position: 'asc' } });
  if (sections.length !== 40) throw new Error(`expected 40 sections, got ${sections.length}`);
  const promptOf = async (position: number) =>
    (
      await db.modelCall.findFirstOrThrow({
        where: { purpose: 'write', entry: { stepKey: `write:${sections[position - 1]!.id}:1` } },
        orderBy: { seq: 'asc' },
      })
    ).inputTokens;
  return { second: await promptOf(2), twentieth: await promptOf(20), fortieth: await promptOf(40) };
}

/** What `probe` returns once it returns something: a background worker's progress, looked at every 20 ms. */
export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
