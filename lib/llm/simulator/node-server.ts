import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleSimulatorRequest } from './handler';
import { SimulatorStats } from './simulator-stats';
import type { SimulatorObserver } from './types';

export interface SimulatorServerOptions {
  port?: number;
  host?: string;
  tokenDelayMs?: number;
  observer?: SimulatorObserver;
}

export interface SimulatorServer {
  /** Base URL ending in `/v1`, ready for `createOpenAICompatible({ baseURL })`. */
  url: string;
  close(): Promise<void>;
  stats: SimulatorStats;
}

/**
 * The simulator as a standalone HTTP server (port 0 picks a free one), for
 * tests and benchmarks that want a real socket. A client that goes away is
 * noticed through the response's `close` event before it finished; the
 * request's signal is aborted and the body stream cancelled, which stops the
 * generator's timer.
 */
export async function startSimulatorServer(options: SimulatorServerOptions = {}): Promise<SimulatorServer> {
  const stats = new SimulatorStats();
  const recorder = stats.observer();
  const observer: Required<SimulatorObserver> = {
    onRequest: (info) => (recorder.onRequest(info), options.observer?.onRequest?.(info)),
    onChunk: (info) => (recorder.onChunk(info), options.observer?.onChunk?.(info)),
    onClose: (info) => (recorder.onClose(info), options.observer?.onClose?.(info)),
  };
  // An idle kept-alive socket outlives any client's own idle timeout (undici's is 4 s, ours 5 s by default), so the
  // client always closes it first: otherwise a request sent just as the server closes one meets ECONNRESET.
  const server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    serve(req, res, { tokenDelayMs: options.tokenDelayMs, observer }, stats).catch((error: unknown) => {
      console.error('[simulator] request failed', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(error), type: 'server_error', code: 'simulator_crash' } }));
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}/v1`,
    stats,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  options: { tokenDelayMs?: number; observer: Required<SimulatorObserver> },
  stats: SimulatorStats,
): Promise<void> {
  if (req.method === 'GET' && req.url?.endsWith('/_stats')) {
    // what this server saw, for a benchmark that runs it in its own process
    res.writeHead(200, { 'content-type': 'application/json' });
    return void res.end(JSON.stringify(stats.requests));
  }
  const abort = new AbortController();
  let requestId: string | null = null;
  res.on('close', () => {
    const clientLeft = !res.writableFinished;
    if (clientLeft) abort.abort();
    if (requestId) stats.connectionClosed(requestId, clientLeft ? 'client_closed' : 'completed', Date.now());
  });

  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), {
    method: req.method,
    headers: Object.entries(req.headers).flatMap(([name, value]) =>
      value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
    ),
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
    signal: abort.signal,
  });

  const response = await handleSimulatorRequest(request, options);
  requestId = response.headers.get('x-simulator-request-id');
  if (requestId && res.destroyed) stats.connectionClosed(requestId, 'client_closed', Date.now());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.socket?.setNoDelay(true);
  res.flushHeaders();
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  abort.signal.addEventListener('abort', () => void reader.cancel(), { once: true });
  for (;;) {
    const { done, value } = await reader.read();
    if (done || res.destroyed) break;
    res.write(value);
  }
  res.end();
}
