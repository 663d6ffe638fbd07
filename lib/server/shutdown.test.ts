import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { gracefulShutdown, type ShutdownTargets } from './shutdown';

const never = () => new Promise<void>(() => {});

function targets(events: string[], stopBackground: () => Promise<void>, servers: Server[] = []): ShutdownTargets {
  return {
    servers,
    background: {
      stop: async () => {
        events.push('background stopping');
        await stopBackground();
        events.push('background stopped');
      },
    },
    database: { close: async () => void events.push('database closed') } as unknown as Database,
  };
}

describe('graceful shutdown', () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) s.close();
  });

  it('answers new requests 503 while draining, and closes the database only after the background work has stopped', async () => {
    const shutdown = gracefulShutdown({ exit: () => {} });
    const server = createServer(shutdown.refuseWhileDraining((_req, res) => res.end('served')));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    expect(await (await fetch(url)).text()).toBe('served');

    const events: string[] = [];
    let finishBackground = () => {};
    const drained = shutdown.drain(
      targets(events, () => new Promise((resolve) => (finishBackground = resolve))),
      'SIGTERM',
    );
    const refused = await fetch(url);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: { code: 'shutting_down' } });
    expect(events).toEqual(['background stopping']);
    finishBackground();
    await drained;
    expect(events).toEqual(['background stopping', 'background stopped', 'database closed']);
  });

  it('exits 0 after a clean drain; a second signal a moment later is the same stop, a later one exits 1 at once; a drain past the deadline exits 1', async () => {
    const clean: number[] = [];
    gracefulShutdown({ exit: (code) => void clean.push(code) }).signalHandler(targets([], async () => {}))('SIGTERM');
    await expect.poll(() => clean).toEqual([0]);

    const forced: number[] = [];
    let clock = 1_000_000;
    const onSignal = gracefulShutdown({ exit: (code) => void forced.push(code), now: () => clock }).signalHandler(targets([], never));
    onSignal('SIGTERM');
    expect(forced).toEqual([]);
    // the process group's copy of the same SIGTERM, through npm: not a request to force
    clock += 20;
    onSignal('SIGTERM');
    expect(forced).toEqual([]);
    clock += 2_000;
    onSignal('SIGINT');
    expect(forced).toEqual([1]);

    const late: number[] = [];
    const started = Date.now();
    gracefulShutdown({ deadlineMs: 200, exit: (code) => void late.push(code) }).signalHandler(targets([], never))('SIGTERM');
    await expect.poll(() => late).toEqual([1]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});
