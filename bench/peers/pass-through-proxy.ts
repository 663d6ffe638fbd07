/**
 * The floor of the streaming benchmark: a bare Node HTTP proxy that pipes a
 * request to the upstream and its SSE answer back byte for byte, with no
 * parsing, in its own process. `tsx bench/peers/pass-through-proxy.ts --port <n> --upstream <url>`.
 */
import { createServer, request as httpRequest } from 'node:http';

const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1]!;
const upstream = new URL(arg('--upstream'));
const server = createServer((req, res) => {
  const out = httpRequest(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: `${upstream.pathname.replace(/\/v1$/, '')}${req.url}`,
      headers: req.headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  // the client going away closes the upstream request too, as a stop does
  res.on('close', () => out.destroy());
  out.on('error', () => res.destroy());
  req.pipe(out);
});
server.listen(Number(arg('--port')), '127.0.0.1', () => console.log(`proxy at http://127.0.0.1:${arg('--port')}`));
