/**
 * The document pipeline's benchmarks (issue 7):
 *  - prompt tokens per section stay flat: a 40-section document, section 40 ≤ 1.2 × section 2;
 *  - throughput with 1, 2 and 4 worker processes (`scripts/worker.ts`) on PostgreSQL against
 *    the simulator in its own process with a fixed per-token delay: 4 workers ≥ 3 × one;
 *  - recovery: from a worker's SIGKILL to its job being resumed by another (bounded by the lease).
 * PostgreSQL rows need TEST_DATABASE_URL (bench/run.ts sets the local server).
 */
import type { ChildProcess } from 'node:child_process';
import { openDatabase, type Database } from '@/lib/db/client';
import { createDocument } from '@/lib/documents/intake/queue-document';
import { parsePastedText } from '@/lib/documents/sources/parse-source-file';
import { DEFAULT_LEASE_MS } from '@/lib/documents/pipeline/worker/document-worker';
import { startSimulatorServer } from '@/lib/llm/simulator';
import { answerAll, createTestUser, SAMPLE_SOURCE, writePromptTokensOf40Sections } from '@/tests/support/documents-harness';
import { createPostgresDatabase } from '@/tests/support/test-database';
import { round, spawnUntil, stop } from './support';

const TOKEN_DELAY_MS = Number(process.env.QUIRE_BENCH_TOKEN_DELAY_MS ?? 20);
const THROUGHPUT_JOBS = Number(process.env.QUIRE_BENCH_DOCUMENT_JOBS ?? 8);

export async function runDocumentsBenchmark() {
  const prompts = await promptFlatness();
  const rows: Array<Record<string, unknown>> = [prompts];
  if (!process.env.TEST_DATABASE_URL) {
    rows.push({ benchmark: 'throughput / recovery', skipped: 'set TEST_DATABASE_URL (PostgreSQL)' });
    console.table(rows);
    return { rows };
  }
  const simulator = await spawnUntil(
    process.execPath,
    ['--import', 'tsx', 'lib/llm/simulator/cli.ts', '--port', '0', '--delay', String(TOKEN_DELAY_MS)],
    {} as NodeJS.ProcessEnv,
    /(http:\/\/\S+\/v1)/,
  );
  const simulatorUrl = simulator.match[1];
  try {
    const throughput: Record<number, number> = {};
    for (const workers of [1, 2, 4]) {
      const seconds = await timeJobs(simulatorUrl, workers);
      throughput[workers] = THROUGHPUT_JOBS / seconds;
      console.log(`documents bench: ${workers} worker(s), ${THROUGHPUT_JOBS} jobs in ${round(seconds, 1)} s`);
      rows.push({
        benchmark: `throughput, ${workers} worker${workers === 1 ? '' : 's'}`,
        jobs: THROUGHPUT_JOBS,
        seconds: round(seconds, 1),
        jobsPerMinute: round(throughput[workers] * 60, 1),
      });
    }
    const speedup = throughput[4] / throughput[1];
    rows.push({ benchmark: 'throughput, 4 vs 1 workers', speedup: round(speedup, 2), target: '≥ 3', pass: speedup >= 3 });
    rows.push(await recoveryAfterKill(simulatorUrl));
  } finally {
    await stop(simulator.child);
  }
  console.table(rows);
  return { rows };
}

/** In-process, on PGlite: the write prompt of section 2 and section 40 of one 40-section document. */
async function promptFlatness(): Promise<Record<string, unknown>> {
  const simulator = await startSimulatorServer({ tokenDelayMs: 0 });
  const database = await openDatabase({ dataDir: '', memory: true });
  try {
    const { second, twentieth, fortieth } = await writePromptTokensOf40Sections(database.prisma, simulator.url);
    const ratio = fortieth / second;
    return {
      benchmark: 'write prompt tokens, 40 sections',
      section2: second,
      section20: twentieth,
      section40: fortieth,
      ratio: round(ratio, 2),
      target: '≤ 1.2',
      pass: ratio <= 1.2,
    };
  } finally {
    await database.close();
    await simulator.close();
  }
}

async function seedJobs(database: Database, count: number, request = 'Write a report on the Lisbon warehouse'): Promise<string[]> {
  const userId = await createTestUser(database.prisma, { credits: 100_000_000n });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { jobId } = await createDocument(database.prisma, {
      ownerId: userId,
      request: `${request}, part ${i + 1}`,
      model: 'sim-swift',
      sectionCount: 2,
      researchRounds: 1,
      sources: [parsePastedText('Notes', SAMPLE_SOURCE)],
    });
    ids.push(jobId);
  }
  return ids;
}

function startWorkers(count: number, env: Record<string, string>): Promise<ChildProcess[]> {
  return Promise.all(
    Array.from(
      { length: count },
      async () =>
        (await spawnUntil(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], env as NodeJS.ProcessEnv, /"event":"worker_started"/))
          .child,
    ),
  );
}

/** Answers questions as soon as they are asked (a person would take longer; the bench measures the workers). */
async function waitForJobs(
  database: Database,
  jobIds: string[],
  until: (statuses: string[]) => boolean,
  timeoutMs = 600_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await database.prisma.documentJob.findMany({ where: { id: { in: jobIds } }, select: { status: true, documentId: true } });
    for (const job of jobs.filter((j) => j.status === 'awaiting_answers')) await answerAll({ db: database.prisma }, job.documentId);
    if (until(jobs.map((j) => j.status))) return;
    if (Date.now() > deadline) throw new Error(`jobs did not finish: ${jobs.map((j) => j.status).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function timeJobs(simulatorUrl: string, workers: number): Promise<number> {
  const { url, drop } = await createPostgresDatabase();
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  let children: ChildProcess[] = [];
  try {
    const jobIds = await seedJobs(database, THROUGHPUT_JOBS);
    children = await startWorkers(workers, { DATABASE_URL: url, LLM_BASE_URL: simulatorUrl, LLM_MODELS: '', QUIRE_JOB_POLL_MS: '100' });
    const started = Date.now();
    await database.prisma.documentJob.updateMany({ where: { id: { in: jobIds } }, data: { runAfter: new Date() } });
    await waitForJobs(database, jobIds, (statuses) => statuses.every((s) => s === 'done' || s === 'failed'));
    return (Date.now() - started) / 1000;
  } finally {
    await Promise.all(children.map(stop));
    await database.close();
    await drop();
  }
}

/** SIGKILL a worker mid-job; a second worker takes the job over once the lease expires (default lease). */
async function recoveryAfterKill(simulatorUrl: string): Promise<Record<string, unknown>> {
  const { url, drop } = await createPostgresDatabase();
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  let children: ChildProcess[] = [];
  try {
    const [jobId] = await seedJobs(database, 1, 'Write a report on the Lisbon warehouse [sim:delay=40]');
    const env = { DATABASE_URL: url, LLM_BASE_URL: simulatorUrl, LLM_MODELS: '', QUIRE_JOB_POLL_MS: '100' };
    const [first] = await startWorkers(1, env);
    children = [first];
    await waitForJobs(database, [jobId], ([status]) => status === 'writing');
    const { fencingToken } = await database.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } });
    first.kill('SIGKILL');
    const killedAt = Date.now();
    // a killed child is gone: only the second one needs stopping
    children = await startWorkers(1, env);
    for (;;) {
      const job = await database.prisma.documentJob.findUniqueOrThrow({ where: { id: jobId } });
      if (job.fencingToken > fencingToken) break;
      if (Date.now() - killedAt > DEFAULT_LEASE_MS * 2) throw new Error('the job was not taken over');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (Date.now() - killedAt) / 1000;
    await waitForJobs(database, [jobId], ([status]) => status === 'done');
    return {
      benchmark: 'recovery after SIGKILL',
      leaseSeconds: DEFAULT_LEASE_MS / 1000,
      seconds: round(seconds, 1),
      target: `≤ ${DEFAULT_LEASE_MS / 1000} s`,
      pass: seconds <= DEFAULT_LEASE_MS / 1000 + 1,
    };
  } finally {
    await Promise.all(children.map(stop));
    await database.close();
    await drop();
  }
}
