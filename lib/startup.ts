import type { AppConfig } from '@/lib/config';
import { logError } from '@/lib/log';
import type { Database } from '@/lib/db/client';
import { sweepStaleReservations } from '@/lib/billing/ledger';
import { settleOrphanedTurns } from '@/lib/chat/sweep';
import { LIVE_TURN_STALE_MS } from '@/lib/chat/turn/live-turn-lock';
import { seedHelpCenter } from '@/lib/help-center/seed';
import { releaseAllLeases } from '@/lib/documents/pipeline/jobs/release-stale-leases';
import { startDocumentWorker } from '@/lib/documents/pipeline/worker/document-worker';
import { workerOptionsFromEnv } from '@/lib/documents/pipeline/worker/worker-options';
import { buildPipeline } from '@/lib/app';

export interface BackgroundTasks {
  stop(): Promise<void>;
}

/**
 * PGlite has no autovacuum, so nothing gathers the statistics the planner
 * chooses indexes by: without them it guesses a person has a handful of chats
 * and reads every message of theirs for a search (20× slower than the index at
 * 3,000 chats). The embedded database is analyzed at start and then this often.
 * (PostgreSQL's autovacuum does this itself.)
 */
const PGLITE_ANALYZE_MS = 10 * 60_000;

/** Reservations older than this belong to a process that died (turns are capped well below it). */
export const RESERVATION_TIMEOUT_MS = 10 * 60_000;

/**
 * What a starting process does before it serves: seed reference data and settle
 * whatever a dead process left half-done. Returns the background loops it started.
 */
export async function runStartupTasks(database: Database, cfg: AppConfig): Promise<BackgroundTasks> {
  const db = database.prisma;
  await seedHelpCenter(db);
  // PGlite has one process: every streaming message is an orphan. PostgreSQL may
  // have other live instances: only settle what outlived the wall-clock cap.
  await settleOrphanedTurns(db, database.kind === 'pglite' ? 0 : LIVE_TURN_STALE_MS);
  await sweepStaleReservations(db, database.kind === 'pglite' ? 0 : RESERVATION_TIMEOUT_MS);
  const sweeper = setInterval(() => {
    void sweepStaleReservations(db, RESERVATION_TIMEOUT_MS).catch((error) => logError({ event: 'sweep_error', error }));
  }, 60_000);
  sweeper.unref();
  // another process's answers whose beat stopped: settled within seconds of its death, not minutes
  const orphanSweeper = setInterval(() => {
    void settleOrphanedTurns(db, LIVE_TURN_STALE_MS).catch((error) => logError({ event: 'sweep_error', error }));
  }, LIVE_TURN_STALE_MS);
  orphanSweeper.unref();
  const analyze = () => db.$executeRawUnsafe('ANALYZE').catch((error: unknown) => logError({ event: 'analyze_error', error }));
  if (database.kind === 'pglite') await analyze();
  const analyzer = database.kind === 'pglite' ? setInterval(() => void analyze(), PGLITE_ANALYZE_MS) : null;
  analyzer?.unref();
  // The web process runs one document worker in-process (`npm run worker` adds more on PostgreSQL).
  // With PGlite no other process can hold a lease: the ones in the database are a dead process's.
  if (database.kind === 'pglite') await releaseAllLeases(db);
  const worker = startDocumentWorker(buildPipeline(database.prisma, cfg), {
    ...workerOptionsFromEnv(),
    // the built-in simulator is served by this process, which is not listening yet
    initialDelayMs: cfg.llm.baseUrl ? 0 : 5_000,
  });
  return {
    stop: async () => {
      clearInterval(sweeper);
      clearInterval(orphanSweeper);
      if (analyzer) clearInterval(analyzer);
      await worker.stop();
    },
  };
}
