import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError } from '@/lib/errors';
import type { SourceKind } from './upload-limits';

/**
 * What reading one uploaded file may cost the server. A hostile file (a ZIP
 * bomb, a PDF built to exhaust the parser, endless pages) is read in a worker
 * thread with its own small heap and a deadline, so the most it can take is
 * these limits, and the person learns which one it hit.
 */
export const PARSE_LIMITS: Readonly<ParseLimits> = {
  /** the worker's V8 heap; what mammoth and pdf.js allocate for one ≤5 MB file fits well inside */
  heapMb: 128,
  timeMs: 10_000,
  maxPdfPages: 1_000,
  maxTextChars: 3_000_000,
  maxZipEntries: 2_000,
  maxZipEntryBytes: 40 * 1024 * 1024,
  maxZipTotalBytes: 60 * 1024 * 1024,
  maxCompressionRatio: 200,
};

export interface ParseLimits {
  heapMb: number;
  timeMs: number;
  maxPdfPages: number;
  maxTextChars: number;
  maxZipEntries: number;
  maxZipEntryBytes: number;
  maxZipTotalBytes: number;
  maxCompressionRatio: number;
}

/** Files read at once in this process; more wait their turn, so several uploads together still cost a bounded amount. */
const MAX_PARALLEL_PARSES = 2;

export type ExtractedText = { pages: string[]; text?: undefined } | { text: string; pages?: undefined };

type WorkerAnswer = ({ ok: true } & ExtractedText) | { ok: false; limit: string | null; message: string };

// A plain .mjs beside this file, found from the working directory: Next's bundler
// would otherwise have to bundle a worker entry, and vitest and `npm start` both run from the repository root.
const WORKER_SCRIPT = path.join(process.cwd(), 'lib', 'documents', 'sources', 'parse-worker.mjs');

let running = 0;
const waiting: Array<() => void> = [];

async function takeParserTurn(): Promise<() => void> {
  if (running >= MAX_PARALLEL_PARSES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

/** The raw text of a file (pages of a PDF), read in a worker thread; refusals are 422s that name the file and the limit. */
export async function extractTextInWorker(
  file: { name: string; bytes: Uint8Array },
  kind: SourceKind,
  limits: ParseLimits = PARSE_LIMITS,
): Promise<ExtractedText> {
  const release = await takeParserTurn();
  try {
    const answer = await runWorker(kind, file.bytes, limits);
    if (answer.ok) return answer.pages ? { pages: answer.pages } : { text: answer.text ?? '' };
    throw refusalError(file.name, kind, answer);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refusalError(file.name, kind, workerFailure(error, limits));
  } finally {
    release();
  }
}

function runWorker(kind: SourceKind, bytes: Uint8Array, limits: ParseLimits): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SCRIPT, {
      workerData: { kind, bytes, limits },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: Math.min(16, limits.heapMb), stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      outcome();
    };
    const deadline = setTimeout(() => finish(() => reject(new ParseTimeout())), limits.timeMs);
    worker.once('message', (answer: WorkerAnswer) => finish(() => resolve(answer)));
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) => finish(() => reject(new Error(`the reader stopped (exit code ${code})`))));
  });
}

class ParseTimeout extends Error {}

/** 422 that names the file and, when a reading limit was hit, which one (also as `limit` in the body). */
function refusalError(name: string, kind: SourceKind, refusal: { limit: string | null; message: string }): AppError {
  if (!refusal.limit) return new AppError('unprocessable', `“${name}” could not be read as ${kind.toUpperCase()}: ${refusal.message}.`);
  return new AppError('unprocessable', `“${name}” was not read: ${refusal.message}.`, { limit: refusal.limit });
}

function workerFailure(error: unknown, limits: ParseLimits): { limit: string | null; message: string } {
  if (error instanceof ParseTimeout) return { limit: 'time', message: `reading it took longer than ${limits.timeMs / 1000} s` };
  if ((error as NodeJS.ErrnoException)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return { limit: 'memory', message: `reading it needs more than ${limits.heapMb} MB of memory` };
  }
  return { limit: null, message: error instanceof Error ? error.message : String(error) };
}
