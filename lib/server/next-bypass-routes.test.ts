import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { metrics } from '@/lib/ops/metrics';
import { DIRECT_ROUTES, directRouter, type RouteHandler } from './next-bypass-routes';

const messagesRoute = DIRECT_ROUTES.find((r) => r.page === '/api/chats/[id]/messages')!;

/** A server that answers the direct routes with `handler` and everything else with 404 ("Next"). */
async function serve(handler: RouteHandler): Promise<{ url: string; server: Server }> {
  const route = directRouter(new Map([[messagesRoute, handler]]));
  const server = createServer((req, res) => {
    if (route(req, res)) return;
    res.statusCode = 404;
    res.end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let open: Server | null = null;
afterEach(async () => {
  open?.closeAllConnections();
  await new Promise((resolve) => open?.close(resolve));
  open = null;
});

describe('the server answers the hot chat route itself', () => {
  it('hands the route handler the request, its body and its decoded path parameters, and sends its answer with the security headers', async () => {
    const seen: Array<{ url: string; method: string; body: string; params: Record<string, string>; cookie: string | null }> = [];
    const { url, server } = await serve(async (request, { params }) => {
      seen.push({
        url: request.url,
        method: request.method,
        body: await request.text(),
        params: await params,
        cookie: request.headers.get('cookie'),
      });
      const headers = new Headers({ 'content-type': 'text/plain', 'x-turn-id': 't1' });
      headers.append('set-cookie', 'a=1; Path=/');
      headers.append('set-cookie', 'b=2; Path=/');
      return new Response('answer', { status: 201, headers });
    });
    open = server;

    const res = await fetch(`${url}/api/chats/chat%201/messages`, { method: 'POST', body: '{"text":"hi"}', headers: { cookie: 's=x' } });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('answer');
    expect(res.headers.get('x-turn-id')).toBe('t1');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(seen).toEqual([
      {
        url: expect.stringMatching(/\/api\/chats\/chat%201\/messages$/),
        method: 'POST',
        body: '{"text":"hi"}',
        params: { id: 'chat 1' },
        cookie: 's=x',
      },
    ]);
  });

  it('sends a streamed body whole and in order, whether its end comes with its last bytes or later, and what came before a failure', async () => {
    const { url, server } = await serve(async (request) => {
      const shape = new URL(request.url).searchParams.get('shape');
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const bytes = (text: string) => new TextEncoder().encode(text);
          if (shape === 'empty') return controller.close();
          controller.enqueue(bytes('first '));
          if (shape === 'fails') {
            setTimeout(() => {
              controller.enqueue(bytes('second'));
              controller.error(new Error('the body broke'));
            }, 5);
            return;
          }
          setTimeout(() => {
            controller.enqueue(bytes('second '));
            controller.enqueue(bytes('third'));
            if (shape === 'together') return controller.close();
            setTimeout(() => controller.close(), 5);
          }, 5);
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/plain' } });
    });
    open = server;
    for (const [shape, text] of [
      ['together', 'first second third'],
      ['later', 'first second third'],
      ['empty', ''],
      ['fails', 'first second'], // what was produced before the body broke still goes out
    ]) {
      const res = await fetch(`${url}/api/chats/c1/messages?shape=${shape}`, { method: 'POST', body: '{}' });
      expect(await res.text()).toBe(text);
    }
  });

  it('leaves every other request to Next: other methods, other paths, and paths it cannot decode', async () => {
    const { url, server } = await serve(async () => new Response('direct'));
    open = server;
    for (const [method, path] of [
      ['GET', '/api/chats/c1/messages'],
      ['POST', '/api/chats/c1/messages/m1/retry'],
      ['POST', '/api/chats/%E0%A4%A/messages'],
    ] as const) {
      const res = await fetch(`${url}${path}`, { method, body: method === 'POST' ? '{}' : undefined });
      expect([method, path, res.status, await res.text()]).toEqual([method, path, 404, 'next']);
    }
  });

  it('a browser that goes away (Stop) aborts the request and cancels the streaming body at once', async () => {
    let cancelled!: () => void;
    const bodyCancelled = new Promise<void>((resolve) => (cancelled = resolve));
    let aborted!: () => void;
    const requestAborted = new Promise<void>((resolve) => (aborted = resolve));
    const { url, server } = await serve(async (request) => {
      request.signal.addEventListener('abort', () => aborted());
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(new TextEncoder().encode('data: first\n\n')),
        cancel: () => cancelled(),
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    open = server;

    const stop = new AbortController();
    const res = await fetch(`${url}/api/chats/c1/messages`, { method: 'POST', body: '{}', signal: stop.signal });
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: first\n\n');
    stop.abort();
    await Promise.all([requestAborted, bodyCancelled]);
  });

  it('an oversized body reaches the handler cut one byte past the limit (its own cap refuses it), and the server keeps answering', async () => {
    const lengths: number[] = [];
    const { url, server } = await serve(async (request) => {
      lengths.push((await request.arrayBuffer()).byteLength);
      return Response.json({ error: { code: 'payload_too_large' } }, { status: 413 });
    });
    open = server;
    const huge = await fetch(`${url}/api/chats/c1/messages`, { method: 'POST', body: 'z'.repeat(3 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.headers.get('connection')).toBe('close');
    expect(lengths).toEqual([1024 * 1024 + 1]);
    // bodies under the limit are read whole before the handler runs: the keep-alive connection stays usable
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${url}/api/chats/c1/messages`, { method: 'POST', body: '{"text":"again"}' });
      expect(res.status).toBe(413);
    }
    expect(lengths).toEqual([1024 * 1024 + 1, 16, 16, 16]);
  });

  it('a browser that leaves while its body is still arriving is let go without an error logged or the handler called', async () => {
    let called = false;
    const { url, server } = await serve(async () => {
      called = true;
      return new Response('never');
    });
    open = server;
    const routeErrors = async () => (await metrics().errors.get()).values.find((v) => v.labels.kind === 'route')?.value ?? 0;
    const errorsBefore = await routeErrors();
    const { request } = await import('node:http');
    await new Promise<void>((resolve) => {
      const req = request(`${url}/api/chats/c1/messages`, { method: 'POST', headers: { 'content-length': '100000' } });
      req.on('error', () => resolve());
      req.write('{"text":"half');
      setTimeout(() => {
        req.destroy();
        setTimeout(resolve, 200);
      }, 100);
    });
    expect(called).toBe(false);
    expect(await routeErrors()).toBe(errorsBefore);
  });

  it('a handler that throws is a 500 with a request id to quote, never a dropped connection', async () => {
    const { url, server } = await serve(async () => {
      throw new Error('database said no');
    });
    open = server;
    const res = await fetch(`${url}/api/chats/c1/messages`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('internal');
    expect(body.error.message).not.toContain('database said no');
    expect(body.error.message).toMatch(/request id/);
  });
});
