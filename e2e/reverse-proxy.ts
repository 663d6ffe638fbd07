import { createServer, request as httpRequest, type Server } from 'node:http';

/**
 * A reverse proxy as nginx is set up for Quire: forwards the Host, the scheme it
 * was reached by, and appends the client address. With several upstreams it
 * takes them in turn, request by request (nginx's default round robin), as a
 * load balancer in front of several machines does.
 */
export function startProxy(listenPort: number, upstreamPorts: number[]): Promise<Server> {
  let next = 0;
  const proxy = createServer((req, res) => {
    const port = upstreamPorts[next++ % upstreamPorts.length]!;
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-host': req.headers.host, 'x-forwarded-proto': 'http' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream-port': String(port) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(listenPort, '127.0.0.1', () => resolve(proxy)));
}
