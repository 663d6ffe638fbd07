// `npm run worker [-- --concurrency N]`: a standalone document-pipeline worker
// against PostgreSQL. Run as many as you like, on any machine that reaches the
// database: jobs are claimed with FOR UPDATE SKIP LOCKED and leases expire.
import { loadConfig } from '../lib/config';
import { openDatabase } from '../lib/db/client';
import { adoptDeploymentSecret } from '../lib/deployment-secret';
import { startDocumentWorker } from '@/lib/documents/pipeline/worker/document-worker';
import { buildPipeline } from '../lib/app';
import { workerOptionsFromEnv } from '@/lib/documents/pipeline/worker/worker-options';
import { logEvent, safeUrl } from '../lib/log';
import { gracefulShutdown } from '../lib/server/shutdown';

async function main() {
  const cfg = loadConfig();
  if (!cfg.databaseUrl) {
    console.error(
      'npm run worker needs PostgreSQL (set DATABASE_URL=postgres://…). With the embedded database the web process (npm start) runs the document worker itself.',
    );
    process.exit(2);
  }
  const index = process.argv.indexOf('--concurrency');
  const concurrency = Math.max(1, Number(index >= 0 ? process.argv[index + 1] : (process.env.WORKER_CONCURRENCY ?? 1)) || 1);
  // The web process applies migrations; several workers starting together must not race for the migration lock.
  const database = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir, migrate: false });
  const [schema] = await database.prisma.$queryRaw<
    Array<{ ready: boolean }>
  >`SELECT to_regclass('public.document_job') IS NOT NULL AS ready`;
  if (!schema?.ready) {
    console.error('The database has no document tables yet: start the web process (npm start) once to apply the migrations.');
    await database.close();
    process.exit(2);
  }
  // the simulator key (and anything else signed) derives from the deployment's one secret, which the web processes share
  await adoptDeploymentSecret(database, cfg);
  const deps = buildPipeline(database.prisma, cfg);
  const options = workerOptionsFromEnv();
  const workers = Array.from({ length: concurrency }, () => startDocumentWorker(deps, options));
  logEvent({
    event: 'worker_started',
    workers: workers.map((w) => w.workerId),
    models: cfg.llm.baseUrl ? safeUrl(cfg.llm.baseUrl) : 'simulator via the web process',
  });

  // SIGTERM hands running steps back to the queue (lease released), then closes the database; a second signal exits at once
  gracefulShutdown().onSignals({
    servers: [],
    background: { stop: async () => void (await Promise.all(workers.map((w) => w.stop()))) },
    database,
  });
}

main().catch((error) => {
  console.error(`The worker could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
