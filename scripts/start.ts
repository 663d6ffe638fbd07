// `npm start` (and `npm run dev` with --dev): one process that opens the database
// (lock, migrations), settles what a dead process left behind, runs the document
// worker, and serves the Next.js app. SIGTERM/SIGINT drain it (lib/server/shutdown.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import next from 'next';
import { loadConfig } from '../lib/config';
import { openDatabase } from '../lib/db/client';
import { cachedPgliteImage } from '../lib/db/pglite-image';
import { adoptDeploymentSecret } from '../lib/deployment-secret';
import { setSharedDatabase } from '../lib/db/shared';
import { normalizeIncomingRequest } from '../lib/http/forwarded';
import { loadDirectRouter } from '@/lib/server/next-bypass-routes';
import { startMetricsServer } from '../lib/server/metrics-server';
import { gracefulShutdown } from '../lib/server/shutdown';
import { hasWellFormedPath, MALFORMED_PATH_BODY } from '../lib/server/well-formed-path';
import { runStartupTasks } from '../lib/startup';
import { safeUrl } from '../lib/log';

const dev = process.argv.includes('--dev');

async function main() {
  // tsx turns Node's source maps on for its own TypeScript; with them on, Node reads and keeps the map of
  // every built chunk Next loads: about 450 MB of heap and a second of start-up. `next start` leaves them
  // off in production, and so does Quire (a production stack names built chunks, not sources).
  if (!dev) process.setSourceMapsEnabled(false);
  const cfg = loadConfig();
  if (!dev && !existsSync('.next/BUILD_ID')) {
    console.log('No production build yet: building first (this takes a minute or two)…');
    const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The build failed; see the output above.');
  }
  // a new embedded database starts from the migrated dump when the test suite left one (seconds saved per start)
  const database = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir, image: cachedPgliteImage() });
  setSharedDatabase(Promise.resolve(database));
  // several processes on one PostgreSQL database, each with its own DATA_DIR, sign sessions with one secret
  await adoptDeploymentSecret(database, cfg);
  const background = await runStartupTasks(database, cfg);

  const nextApp = next({ dev, dir: process.cwd(), port: cfg.port, hostname: 'localhost' });
  await nextApp.prepare();
  const handle = nextApp.getRequestHandler();
  // the hot chat route is served without Next's request pipeline (lib/server/next-bypass-routes.ts); in dev Next compiles routes on demand
  const direct = dev ? null : await loadDirectRouter(path.join(process.cwd(), '.next'));
  const shutdown = gracefulShutdown();
  const server = createServer(
    shutdown.refuseWhileDraining((req, res) => {
      // X-Forwarded-* believed only per TRUST_PROXY; the real client address set for the app
      normalizeIncomingRequest(req, cfg.trustProxy);
      if (!hasWellFormedPath(req.url)) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(MALFORMED_PATH_BODY);
        return;
      }
      if (direct?.(req, res)) return;
      void handle(req, res);
    }),
  );
  // A proxy in front (nginx, a cloud load balancer) keeps idle connections to us for up to 60 s and reuses
  // them; Node closes them after 5 s, so a reused one could be closed under a request (a 502 for the person).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const servers = [server];
  if (cfg.metricsPort) {
    servers.push(await startMetricsServer(cfg.metricsPort, database.prisma));
    console.log(`Metrics at http://127.0.0.1:${cfg.metricsPort}/metrics`);
  }
  shutdown.onSignals({ servers, background, database });
  server.listen(cfg.port, () => {
    if (!cfg.appUrl)
      console.warn(
        `APP_URL is unset: links in mail and invites point at the address each request reached this server by (its listening address, a loopback name, or the host a TRUST_PROXY proxy passed on), never at a Host header it cannot check. Set APP_URL to the address people open${cfg.smtpUrl ? ' (mail is being sent)' : ''}.`,
      );
    console.log(
      `Quire is serving at http://localhost:${cfg.port} (${database.kind === 'pglite' ? `embedded database in ${cfg.dataDir}` : 'PostgreSQL'}; ${cfg.llm.baseUrl ? `models at ${safeUrl(cfg.llm.baseUrl)}` : 'offline simulator models'})`,
    );
  });
}

main().catch((error) => {
  console.error(`Quire could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
