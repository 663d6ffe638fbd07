import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pdfWithPages } from './office-fixtures';

/** Local stand-ins for the web: pages a document researches, and a SearXNG-compatible search. */

export const PORT_PAGE = {
  title: 'Port of Lisbon traffic in 2022',
  paragraphs: [
    'The Port of Lisbon handled 13.5 million tonnes of cargo in 2022. Container traffic at the port grew by 7 percent that year.',
    'Cruise ships brought 560,000 passengers to the Port of Lisbon in 2022. The cruise terminal at Santa Apolonia opened in 2017.',
  ],
};
export const TRADE_PAGE = {
  title: 'Lisbon port trade partners',
  paragraphs: [
    'Spain and Brazil were the largest trade partners of the Port of Lisbon in 2022. Grain made up 22 percent of bulk cargo at the port.',
  ],
};
export const LINKED_PAGE = {
  title: 'Lisbon port labour notes',
  paragraphs: [
    'The Lisbon port authority employed 420 people in 2022. Dock workers at the port signed a new agreement in 2021.',
    'Night shifts at the port cover loading of container ships.',
  ],
};

export interface RunningServer {
  url: string;
  /** requests seen, by path (query included) */
  requests: string[];
  close(): Promise<void>;
}

function articleHtml(page: { title: string; paragraphs: string[] }): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${page.title}</title></head><body><nav><a href="/">Home</a> · <a href="/news">News</a></nav><article><h1>${page.title}</h1>${page.paragraphs.map((p) => `<p>${p}</p>`).join('')}</article><footer>© Lisbon port watchers</footer></body></html>`;
}

async function listen(port: number, handler: http.RequestListener): Promise<RunningServer & { server: http.Server }> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '/');
    handler(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface PageServer extends RunningServer {
  /** bytes of /huge written before Quire hung up */
  hugeBytesSent(): number;
}

/**
 * Pages on 127.0.0.1:`port`: articles, a PDF, and every way a link fails
 * (404, a page that never answers, 50 MB, an image, robots.txt, redirects
 * inside the network to `trapPort`).
 */
export async function startPageServer(port: number, trapPort: number): Promise<PageServer> {
  let hugeSent = 0;
  const running = await listen(port, (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const html = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    const redirect = (location: string) => {
      res.writeHead(302, { location });
      res.end();
    };
    switch (path) {
      case '/robots.txt':
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('User-agent: *\nDisallow: /private\n');
        return;
      case '/port-2022':
        return html(articleHtml(PORT_PAGE));
      case '/trade':
        return html(articleHtml(TRADE_PAGE));
      case '/labour':
        return html(articleHtml(LINKED_PAGE));
      case '/moved':
        return redirect('/labour');
      case '/annual-report.pdf':
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end(Buffer.from(pdfWithPages(['The port invested 40 million euros in 2022.', 'A new quay opens in 2025.'])));
        return;
      case '/private/notes':
        return html(articleHtml({ title: 'Private', paragraphs: ['Nobody should read this page.'] }));
      case '/missing':
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<h1>Not found</h1>');
        return;
      case '/never-answers':
        // holds the connection open without a byte: only Quire's time limit ends it
        return;
      case '/photo.png':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.alloc(64));
        return;
      case '/huge': {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        const total = 50 * 1024 * 1024;
        const pump = () => {
          while (hugeSent < total) {
            hugeSent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('close', () => res.removeAllListeners('drain'));
        pump();
        return;
      }
      case '/loop':
        return redirect('/loop');
      case '/to-metadata':
        return redirect('http://169.254.169.254/latest/meta-data/');
      case '/to-loopback':
        return redirect(`http://127.0.0.1:${trapPort}/secret`);
      case '/to-mapped':
        return redirect(`http://[::ffff:127.0.0.1]:${trapPort}/secret`);
      case '/to-inside-name':
        return redirect(`http://inside.test:${trapPort}/secret`);
      default:
        res.writeHead(404);
        res.end();
    }
  });
  return { ...running, hugeBytesSent: () => hugeSent };
}

/** A server that must never be reached: it only counts. */
export async function startTrapServer(port: number): Promise<RunningServer> {
  return listen(port, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('internal secret');
  });
}

/** SearXNG's JSON API (`/search?q=…&format=json`), answering every query with `results`. */
export async function startSearxngFake(
  port: number,
  results: Array<{ url: string; title: string }>,
): Promise<RunningServer & { queries: string[] }> {
  const queries: string[] = [];
  const running = await listen(port, (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/search' || url.searchParams.get('format') !== 'json') {
      res.writeHead(403);
      res.end();
      return;
    }
    queries.push(url.searchParams.get('q') ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        query: url.searchParams.get('q'),
        number_of_results: results.length,
        results: results.map((r) => ({ ...r, content: '', engine: 'fake' })),
      }),
    );
  });
  return { ...running, queries };
}
