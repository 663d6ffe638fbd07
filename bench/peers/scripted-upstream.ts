/**
 * The upstream every server in the streaming benchmark talks to: an
 * OpenAI-compatible `/v1/chat/completions` that streams a script set by the
 * bench (`POST /_script {chunks, chunkChars, delayMs}`), in its own process so
 * its CPU is never counted as a server's. It records each request: when it
 * arrived, the watched server's CPU at that moment (`POST /_watch {pid}`; the
 * CPU between Send and the upstream request), and when and why it closed.
 *
 * `tsx bench/peers/scripted-upstream.ts --port <n>` prints `upstream at <url>`.
 */
import { createServer, type ServerResponse } from 'node:http';
import { threadCpuNs } from '../proc-stats';

interface Script {
  chunks: number;
  chunkChars: number;
  /** pause between chunks; 0 writes them back to back */
  delayMs: number;
}
interface Arrival {
  at: number;
  serverCpuNs: number | null;
  closedAt: number | null;
  closeReason: 'done' | 'client_closed' | null;
}

let script: Script = { chunks: 10, chunkChars: 4, delayMs: 0 };
let watchedPid: number | null = null;
const arrivals: Arrival[] = [];

const chunkJson = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

async function stream(res: ServerResponse, arrival: Arrival, s: Script) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  let closed = false;
  res.on('close', () => {
    closed = true;
    if (arrival.closedAt === null) Object.assign(arrival, { closedAt: Date.now(), closeReason: 'client_closed' });
  });
  res.write(chunkJson({ role: 'assistant', content: '' }));
  const piece = 'abcdefghijklmnopqrstuvwxyz'.repeat(4).slice(0, s.chunkChars - 1);
  for (let i = 0; i < s.chunks && !closed; i++) {
    res.write(chunkJson({ content: `${piece}${i % 10 === 9 ? '\n' : ' '}` }));
    if (s.delayMs > 0) await new Promise((r) => setTimeout(r, s.delayMs));
  }
  if (closed) return;
  res.write(chunkJson({}, 'stop'));
  res.write(
    `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model: 'bench', choices: [], usage: { prompt_tokens: 50, completion_tokens: s.chunks, total_tokens: 50 + s.chunks } })}\n\n`,
  );
  res.end('data: [DONE]\n\n');
  Object.assign(arrival, { closedAt: Date.now(), closeReason: 'done' });
}

const readBody = (req: NodeJS.ReadableStream) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => resolve(body));
  });

const port = Number(process.argv[process.argv.indexOf('--port') + 1] ?? 0);
const server = createServer(async (req, res) => {
  if (req.method === 'POST' && req.url === '/v1/chat/completions') {
    const arrival: Arrival = {
      at: Date.now(),
      serverCpuNs: watchedPid ? threadCpuNs(watchedPid) : null,
      closedAt: null,
      closeReason: null,
    };
    arrivals.push(arrival);
    await readBody(req);
    return stream(res, arrival, script);
  }
  if (req.url === '/v1/models') return res.end(JSON.stringify({ object: 'list', data: [{ id: 'bench', object: 'model' }] }));
  if (req.method === 'POST' && req.url === '/_script') {
    script = { ...script, ...JSON.parse(await readBody(req)) };
    return res.end('{}');
  }
  if (req.method === 'POST' && req.url === '/_watch') {
    watchedPid = (JSON.parse(await readBody(req)) as { pid: number | null }).pid;
    arrivals.length = 0;
    return res.end('{}');
  }
  if (req.url === '/_arrivals') return res.end(JSON.stringify(arrivals));
  res.statusCode = 404;
  res.end();
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  console.log(`upstream at http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}/v1`);
});
