import type { RequestListener, Server } from 'node:http';
import { appInstance } from '@/lib/app-instance';
import type { Database } from '@/lib/db/client';
import { logToStdout } from '@/lib/log';

export interface ShutdownTargets {
  /** the public HTTP server, and any other listener (the metrics port) */
  servers: Server[];
  /** the document worker and the sweeper loops */
  background: { stop(): Promise<void> };
  database: Database;
}

export interface GracefulShutdown {
  /** wraps the request handler: while draining, new requests get a 503 instead of reaching the app */
  refuseWhileDraining(handler: RequestListener): RequestListener;
  /** SIGTERM and SIGINT drain and exit; a second signal (a second or more later) exits at once */
  onSignals(targets: ShutdownTargets): void;
  /** what onSignals installs: the first call drains (capped by the deadline) then exits, a second exits at once */
  signalHandler(targets: ShutdownTargets): (signal: NodeJS.Signals) => void;
  /** drains and closes without exiting (tests, and the signal handlers) */
  drain(targets: ShutdownTargets, signal: string): Promise<void>;
}

export const SHUTDOWN_DEADLINE_MS = 10_000;
/** A second signal this soon after the first is the same stop delivered twice, not a person asking to force it. */
export const REPEATED_SIGNAL_MS = 1_000;
/** how long finished answers get to reach their readers before the remaining connections are cut */
const CONNECTION_GRACE_MS = 2_000;

/**
 * Stopping loses nothing a person saw: first refuse new requests, then stop every
 * live turn so its `finally` saves the answer as streamed (status `stopped`,
 * billed like a Stop) and hand running document steps back to the queue, and
 * only when those have written their rows close the database. If the deadline
 * passes first, the process exits anyway: what is still open is left to the
 * start-up sweep of the next process.
 */
export function gracefulShutdown(
  options: { deadlineMs?: number; exit?: (code: number) => void; now?: () => number } = {},
): GracefulShutdown {
  const deadlineMs = options.deadlineMs ?? SHUTDOWN_DEADLINE_MS;
  const now = options.now ?? Date.now;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let draining = false;

  async function drain(targets: ShutdownTargets, signal: string): Promise<void> {
    draining = true;
    const started = Date.now();
    log({ event: 'shutdown_started', signal });
    const app = await appInstance()?.catch(() => undefined); // an App that failed to build has no turns
    const turns = app?.stopBus.stopAll('shutdown') ?? Promise.resolve();
    const jobs = targets.background.stop();
    // stop listening; connections that carry a live answer stay open until it is saved and sent
    const closed = targets.servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
    await Promise.all([
      turns.then(() => log({ event: 'shutdown_turns_saved', ms: Date.now() - started })),
      jobs.then(() => log({ event: 'shutdown_jobs_handed_back', ms: Date.now() - started })),
    ]);
    await finishResponses(targets.servers, closed, CONNECTION_GRACE_MS);
    // the turns are saved: nothing calls a tool any more, and the MCP servers' processes end with this one
    await app?.mcp.close();
    await app?.stopBus.close();
    await app?.sessionBus.close();
    await targets.database.close();
    log({ event: 'shutdown_done', ms: Date.now() - started });
  }

  function signalHandler(targets: ShutdownTargets): (signal: NodeJS.Signals) => void {
    let stoppingSince: number | null = null;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stoppingSince !== null) {
        // `npm start` under a service manager: the signal to the process group reaches npm, which passes it
        // on, and this process, so one stop arrives twice in the same moment; only a later one forces
        if (now() - stoppingSince < REPEATED_SIGNAL_MS) {
          log({ event: 'shutdown_signal_repeated', signal });
          return;
        }
        log({ event: 'shutdown_forced', signal });
        return exit(1);
      }
      stoppingSince = now();
      const deadline = setTimeout(() => {
        log({ event: 'shutdown_deadline_passed', deadlineMs });
        exit(1);
      }, deadlineMs);
      drain(targets, signal).then(
        () => {
          clearTimeout(deadline);
          exit(0);
        },
        (error: unknown) => {
          log({ event: 'shutdown_failed', error: String(error) });
          exit(1);
        },
      );
    };
    return onSignal;
  }

  return {
    refuseWhileDraining(handler) {
      return (req, res) => {
        if (!draining) return handler(req, res);
        res.writeHead(503, { 'content-type': 'application/json', connection: 'close', 'retry-after': '5' });
        res.end(JSON.stringify({ error: { code: 'shutting_down', message: 'The server is restarting. Try again in a few seconds.' } }));
      };
    },
    drain,
    onSignals(targets) {
      const onSignal = signalHandler(targets);
      process.on('SIGTERM', onSignal);
      process.on('SIGINT', onSignal);
    },
    signalHandler,
  };
}

/**
 * A stopped turn's last events (its status, the end of the stream) are still on
 * their way to the person when its answer is saved: let responses finish, closing
 * each connection as it goes idle, and cut what is left after the grace period.
 */
async function finishResponses(servers: Server[], closed: Promise<void>[], graceMs: number): Promise<void> {
  const sweep = setInterval(() => {
    for (const server of servers) server.closeIdleConnections();
  }, 50);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(closed), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearTimeout(timer);
  clearInterval(sweep);
  for (const server of servers) server.closeAllConnections();
}

const log = logToStdout;
