import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { API_CONTENT_SECURITY_POLICY, COMMON_SECURITY_HEADERS } from '@/lib/http/security-headers';
import { unexpectedErrorResponse } from '@/lib/http/handler';
import { readStreamCapped } from '@/lib/streams/read-capped-body';

export type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface DirectRoute {
  method: string;
  /** the app directory's route, as Next names its built module */
  page: string;
  /** the path, its dynamic segments captured in the order of `keys` */
  pattern: RegExp;
  keys: string[];
}

/**
 * The routes every chat message goes through. The server answers them itself,
 * with the very handler Next would call (the built route module's export, the
 * same auth, checks and contract), and skips Next's request pipeline around
 * it: routing, tracing, the request stores, and a web-stream pipe per response.
 * That pipeline is several milliseconds of CPU per request, paid by every
 * message before its upstream request leaves, and a burst of sends queues
 * behind it.
 */
export const DIRECT_ROUTES: DirectRoute[] = [
  { method: 'POST', page: '/api/chats/[id]/messages', pattern: /^\/api\/chats\/([^/?]+)\/messages(?:\?|$)/, keys: ['id'] },
];

/** Answers a request when it is one of the direct routes and returns true; false hands it to Next. */
export type DirectRouter = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Loads the built route modules from `distDir` (`.next`) through Node's module
 * cache, the one Next loads them through, so both share one module instance.
 */
export async function loadDirectRouter(distDir: string): Promise<DirectRouter> {
  const load = createRequire(path.join(distDir, 'server', 'package.json'));
  const handlers = new Map<DirectRoute, RouteHandler>();
  for (const route of DIRECT_ROUTES) {
    const built = load(path.join(distDir, 'server', 'app', route.page, 'route.js')) as {
      routeModule: { ensureUserland(): Promise<void>; userland: Record<string, RouteHandler | undefined> };
    };
    await built.routeModule.ensureUserland();
    const handler = built.routeModule.userland[route.method];
    if (!handler) throw new Error(`The built route ${route.page} has no ${route.method} handler.`);
    handlers.set(route, handler);
  }
  return directRouter(handlers);
}

/** The router over these handlers: a matching request is served here, anything else is left to Next. */
export function directRouter(handlers: ReadonlyMap<DirectRoute, RouteHandler>): DirectRouter {
  return (req, res) => {
    for (const [route, handler] of handlers) {
      if (req.method !== route.method) continue;
      const params = matchParams(route, req.url ?? '');
      if (!params) continue;
      void serve(handler, params, req, res);
      return true;
    }
    return false;
  };
}

/** The path parameters, decoded as Next decodes them; null when the path is not this route's (or not decodable: Next answers that). */
function matchParams(route: DirectRoute, url: string): Record<string, string> | null {
  const match = route.pattern.exec(url);
  if (!match) return null;
  try {
    return Object.fromEntries(route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1]!)]));
  } catch {
    return null;
  }
}

async function serve(handler: RouteHandler, params: Record<string, string>, req: IncomingMessage, res: ServerResponse) {
  const clientGone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) clientGone.abort();
  });
  let body: Awaited<ReturnType<typeof readStreamCapped>>;
  try {
    body = await readStreamCapped(req, BODY_LIMIT);
  } catch {
    // the browser left while its body was arriving: not an error of ours, and nobody is there to answer
    return void res.destroy();
  }
  // the rest of an oversized body is discarded, and the connection is not reused: its bytes are still arriving
  if (!body.complete) res.setHeader('Connection', 'close');
  let response: Response;
  try {
    response = await handler(webRequest(req, body.bytes, clientGone.signal), { params: Promise.resolve(params) });
  } catch (error) {
    // route() turns every error into a response; this is the last line behind it
    response = unexpectedErrorResponse(req.method ?? 'POST', (req.url ?? '').split('?')[0]!, error);
  }
  await writeResponse(response, res, clientGone.signal);
}

/**
 * Every direct route caps its body far below this, and refuses a longer one
 * with its own 413: the body is read into memory up to one byte past the
 * limit, which that check sees, and the rest is discarded unread.
 */
const BODY_LIMIT = 1024 * 1024;

function webRequest(req: IncomingMessage, body: Buffer<ArrayBuffer>, signal: AbortSignal): Request {
  const headers = new Headers();
  // req.headers, not rawHeaders: the server has already replaced the forwarding headers it does not believe
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
    method: req.method,
    headers,
    body: hasBody ? body : undefined,
    signal,
  });
}

/** The response as Next would send it (with next.config's security headers), its body written as it comes. */
async function writeResponse(response: Response, res: ServerResponse, clientGone: AbortSignal) {
  res.statusCode = response.status;
  for (const { key, value } of COMMON_SECURITY_HEADERS) res.setHeader(key, value);
  res.setHeader('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader('set-cookie', cookies);
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  clientGone.addEventListener('abort', cancel, { once: true });
  let last: Uint8Array | undefined;
  try {
    let next = reader.read();
    for (;;) {
      const { done, value } = await next;
      if (done || clientGone.aborted) break;
      next = reader.read();
      // when the body has already ended, its last bytes and the end of the response go out in one write
      // (a read that failed is not an end: these bytes go out, and the loop meets the failure next)
      const peek = await Promise.race([next, NOT_YET]).catch(() => NOT_YET);
      if (peek !== NOT_YET_VALUE && peek.done) {
        last = value;
        break;
      }
      if (!res.write(value)) await drained(res);
    }
  } catch {
    // the body failed or was cancelled because the client left: nothing more to send
  } finally {
    clientGone.removeEventListener('abort', cancel);
    res.end(last);
  }
}

/** Raced against a read: a read that has already settled wins, since a race's settled entries answer in order. */
const NOT_YET_VALUE = Symbol('not yet');
const NOT_YET = Promise.resolve(NOT_YET_VALUE);

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
