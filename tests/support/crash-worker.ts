/**
 * The crash suite's child process: runs the document worker against
 * DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite) until every job rests,
 * answering questions with a canned answer. QUIRE_CRASH_AT makes it SIGKILL
 * itself at a named point (./crash-point.ts, handed to the pipeline as its crashPoint hook).
 *   LLM_BASE_URL=… DATABASE_URL=… QUIRE_CRASH_AT=write:after-call node --import tsx tests/support/crash-worker.ts
 */
import { loadConfig } from '@/lib/config';
import { openDatabase } from '@/lib/db/client';
import { createLinkReader } from '@/lib/documents/sources/read-link';
import { publicSearchFromConfig } from '@/lib/web/searxng-search';
import { releaseAllLeases } from '@/lib/documents/pipeline/jobs/release-stale-leases';
import { crashPoint } from './crash-point';
import { driveJobsToRest, testPipelineDeps } from './documents-harness';

const databaseUrl = process.env.DATABASE_URL || undefined;
const database = await openDatabase({ databaseUrl, dataDir: process.env.DATA_DIR ?? '', migrate: false });
// PGlite: this is the only process, so any lease is the killed predecessor's
if (database.kind === 'pglite') await releaseAllLeases(database.prisma);
const cfg = loadConfig();
const deps = testPipelineDeps(database.prisma, process.env.LLM_BASE_URL ?? '', {
  maxOutputTokens: 600,
  crashPoint,
  // web research as the deployment configures it (PUBLIC_SOURCES, SEARCH_PROVIDER, SEARXNG_URL, FETCH_ALLOW_HOSTS)
  publicSources: cfg.publicSources,
  publicSearch: publicSearchFromConfig(cfg.search),
  linkReader: createLinkReader({ allowHosts: cfg.fetchAllowHosts }),
  // claims are what the race suite counts; model-call lines would only be noise here
  log: (line) => {
    if (line.event === 'job_claimed' || line.event === 'job_step_failed') console.log(JSON.stringify(line));
  },
});
await driveJobsToRest(deps, { leaseMs: Number(process.env.QUIRE_JOB_LEASE_MS ?? 1_500), retryBaseMs: 50, pollMs: 50, maxRuns: 1_000 });
await database.close();
process.exit(0);
