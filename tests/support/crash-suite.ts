import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '@/lib/db/client';
import { createDocument } from '@/lib/documents/intake/queue-document';
import { parsePastedText } from '@/lib/documents/sources/parse-source-file';
import { startSimulatorServer } from '@/lib/llm/simulator';
import { bundledScript } from './bundled-script';
import { createTestChat, createTestUser, driveJobsToRest, SAMPLE_SOURCE, testPipelineDeps } from './documents-harness';
import { createPostgresDatabase, openTestDatabase, type TestDatabaseKind } from './test-database';

/**
 * Kill points across every step, in the order the pipeline reaches them. The
 * child is started with all the points not yet fired and dies at the first it
 * reaches, so each restart resumes past the previous kill. `label:n` = the
 * n-th time that label is reached within one process. The two databases get
 * different points (23 in all, every label covered by one or the other, and a
 * second occurrence in one process for research and write) so the two suites,
 * which run in parallel with the rest of the unit tests, stay near two minutes each.
 */
export const CRASH_POINTS: Record<TestDatabaseKind, readonly string[]> = {
  postgres: [
    'type:before-call:1',
    'plan:after-call:1',
    'questions:before-call:1',
    'answers:after-commit:1',
    'research:after-call:1',
    'research:after-commit:2',
    'write:after-claim:1',
    'write:after-call:1',
    'write:after-check:1',
    'summary:after-call:1',
    'finalize:after-commit:1',
  ],
  pglite: [
    'type:after-call:1',
    'type:after-commit:1',
    'plan:before-call:1',
    'plan:after-commit:1',
    'questions:after-call:1',
    'questions:after-commit:1',
    'research:before-call:1',
    'research:after-commit:1',
    'write:before-call:1',
    'write:after-commit:2',
    'summary:before-call:1',
    'finalize:after-summary:1',
  ],
};

/** Kills after a settled call and before its commit: the only charged work that may be thrown away. */
export const isAfterCallKill = (point: string) => /:(after-call|after-check):/.test(point);

export const CRASH_DOCUMENT = {
  request: 'Write a report on the Northwind Lisbon warehouse [sim:hallucinate-once]',
  model: 'sim-swift',
  sectionCount: 3,
  researchRounds: 2,
};

export async function seedCrashDocument(database: Database): Promise<{ documentId: string; chatId: string; userId: string }> {
  const userId = await createTestUser(database.prisma, { id: 'crash-user' });
  const chatId = await createTestChat(database.prisma, userId);
  const { id } = await createDocument(database.prisma, {
    ownerId: userId,
    chatId,
    ...CRASH_DOCUMENT,
    sources: [parsePastedText('Warehouse notes', SAMPLE_SOURCE)],
  });
  return { documentId: id, chatId, userId };
}

export interface CrashRun {
  fired: string[];
  /** the database after the final, uninterrupted run (caller closes it via `dispose`) */
  database: Database;
  documentId: string;
  chatId: string;
  simulatorRequests: Array<{ jobId: string | null; purpose: string }>;
  dispose(): Promise<void>;
}

export interface CrashOptions {
  /** the document to drive (default: CRASH_DOCUMENT on pasted notes) */
  seed?: (database: Database) => Promise<{ documentId: string; chatId: string }>;
  /** more environment for the worker (e.g. web search and fetch settings) */
  env?: Record<string, string>;
}

/** Runs the crash sequence against a fresh database of `kind`, each run a child process killed with SIGKILL. */
export async function runCrashSequence(
  kind: TestDatabaseKind,
  points: readonly string[] = CRASH_POINTS[kind],
  options: CrashOptions = {},
): Promise<CrashRun> {
  const simulator = await startSimulatorServer({ tokenDelayMs: 1 });
  let env: Record<string, string>;
  let open: () => Promise<Database>;
  let cleanup: () => Promise<void>;
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quire-crash-'));
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    open = () => openDatabase({ dataDir });
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const { url, drop } = await createPostgresDatabase();
    env = { DATABASE_URL: url };
    open = () => openDatabase({ databaseUrl: url, dataDir: '' });
    cleanup = drop;
  }
  const seeding = await open();
  const { documentId, chatId } = await (options.seed ?? seedCrashDocument)(seeding);
  await seeding.close();

  const remaining = [...points];
  const fired: string[] = [];
  for (let run = 0; run <= points.length; run++) {
    const child = await runChild({
      ...env,
      ...options.env,
      LLM_BASE_URL: simulator.url,
      QUIRE_CRASH_AT: remaining.join(','),
      QUIRE_JOB_LEASE_MS: '1000',
    });
    const crash = /\{"event":"crash_point","at":"([^"]+)"\}/.exec(child.stdout)?.[1];
    if (child.signal === 'SIGKILL' && crash) {
      fired.push(crash);
      remaining.splice(remaining.indexOf(crash), 1);
      continue;
    }
    if (child.code !== 0) throw new Error(`the worker exited with ${child.code ?? child.signal}: ${child.stderr.slice(-2000)}`);
    break;
  }
  const database = await open();
  const simulatorRequests = simulator.stats.requests.map((r) => ({ jobId: r.jobId, purpose: r.purpose }));
  await simulator.close();
  return {
    fired,
    database,
    documentId,
    chatId,
    simulatorRequests,
    dispose: async () => {
      await database.close();
      await cleanup();
    },
  };
}

/** The same document without crashes, in this process: what a clean run calls and charges. */
export async function referenceRun(): Promise<{ chargedCalls: number }> {
  const simulator = await startSimulatorServer({ tokenDelayMs: 0 });
  const database = await openTestDatabase('pglite');
  try {
    await seedCrashDocument(database);
    await driveJobsToRest(testPipelineDeps(database.prisma, simulator.url, { maxOutputTokens: 600 }));
    return { chargedCalls: await database.prisma.modelCall.count({ where: { status: 'charged' } }) };
  } finally {
    await database.dispose();
    await simulator.close();
  }
}

export async function runChild(
  env: Record<string, string>,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  const script = await bundledScript('tests/support/crash-worker.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: process.cwd(),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), 90_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}
