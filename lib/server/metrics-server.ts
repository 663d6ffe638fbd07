import { createServer, type Server } from 'node:http';
import type { Db } from '@/lib/db/client';
import { renderMetrics } from '@/lib/ops/render-metrics';
import { logError } from '@/lib/log';

/**
 * METRICS_PORT: the Prometheus metrics without a session, on their own port,
 * bound to the loopback interface so only this machine (a local Prometheus or
 * agent, or an SSH tunnel) can scrape them.
 */
export function startMetricsServer(port: number, db: Db, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /metrics is served here.\n');
      return;
    }
    renderMetrics(db).then(
      ({ body, contentType }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      (error: unknown) => {
        logError({ event: 'metrics_error', error });
        res.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be collected; see the server log.\n');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
