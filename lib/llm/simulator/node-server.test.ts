import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from './node-server';
import type { SimulatorCloseInfo } from './types';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(probe: () => T | null | undefined, timeoutMs = 2_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

describe('standalone simulator server', () => {
  let server: SimulatorServer;
  const closes: SimulatorCloseInfo[] = [];

  beforeAll(async () => {
    server = await startSimulatorServer({ port: 0, tokenDelayMs: 20, observer: { onClose: (info) => closes.push(info) } });
  });
  afterAll(() => server.close());

  const post = (text: string, turnId: string, init: RequestInit = {}) =>
    fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-quire-turn-id': turnId, 'x-quire-job-id': 'job-7' },
      body: JSON.stringify({ model: 'sim-swift', stream: true, messages: [{ role: 'user', content: text }] }),
      ...init,
    });

  it('serves a base URL ending in /v1 with the model list', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const body = await (await fetch(`${server.url}/models`)).json();
    expect(body.data).toHaveLength(4);
  });

  it('counts chat/completions calls per turn and records completed closes', async () => {
    await (await post('Tell me about owls [sim:delay=0]', 'turn-A')).text();
    await (await post('Tell me about owls [sim:delay=0]', 'turn-A')).text();
    await (await post('Tell me about owls [sim:delay=0]', 'turn-B')).text();
    expect(server.stats.callsForTurn('turn-A')).toBe(2);
    expect(server.stats.callsForTurn('turn-B')).toBe(1);
    const records = await waitFor(() => {
      const all = server.stats.requestsForTurn('turn-A');
      return all.every((r) => r.closedAt !== null) ? all : null;
    });
    for (const record of records) {
      expect(record).toMatchObject({
        closeReason: 'completed',
        generationStopReason: 'completed',
        jobId: 'job-7',
        purpose: 'chat',
        stream: true,
      });
    }
  });

  it('stops generating within 200 ms of the client abort and records client_closed', async () => {
    const abort = new AbortController();
    const response = await post('list 300 comets', 'turn-abort', { signal: abort.signal });
    const reader = response.body!.getReader();
    for (let i = 0; i < 5; i += 1) await reader.read();
    const abortedAt = Date.now();
    abort.abort();
    await reader.read().catch(() => undefined);

    const record = await waitFor(() => {
      const [r] = server.stats.requestsForTurn('turn-abort');
      return r?.closedAt !== null && r?.generationStoppedAt !== null ? r : null;
    });
    expect(record.closeReason).toBe('client_closed');
    expect(record.generationStopReason).toBe('client_closed');
    expect(record.closedAt! - abortedAt).toBeLessThan(200);
    expect(record.generationStoppedAt! - abortedAt).toBeLessThan(200);
    expect(closes.find((c) => c.turnId === 'turn-abort')?.reason).toBe('client_closed');

    const chunksAtClose = record.chunksSent;
    await sleep(150);
    expect(record.chunksSent).toBe(chunksAtClose);
    expect(record.chunksSent).toBeLessThan(60);
  });

  it('records an upstream error as an error close', async () => {
    const response = await post('hello [sim:error]', 'turn-error');
    expect(response.status).toBe(500);
    await response.text();
    const record = await waitFor(() => server.stats.requestsForTurn('turn-error').find((r) => r.closedAt !== null));
    expect(record.closeReason).toBe('error');
  });

  it('[sim:slow] streams ten times slower', async () => {
    const timed = async (text: string) => {
      const started = Date.now();
      await (await post(text, 'turn-slow')).text();
      return Date.now() - started;
    };
    const normal = await timed('hi [sim:delay=2]');
    const slow = await timed('hi [sim:delay=2] [sim:slow]');
    expect(normal).toBeGreaterThanOrEqual(2 * 30);
    expect(slow).toBeGreaterThan(normal * 1.5);
  });
});

describe('cli', () => {
  it('starts on --port and prints the base URL', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'lib/llm/simulator/cli.ts', '--port', '0', '--delay', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (data: Buffer) => {
          output += data.toString();
          const line = output.split('\n').find((l) => l.includes('/v1'));
          if (line) resolve(line.trim());
        });
        child.once('exit', (code) => reject(new Error(`cli exited with ${code}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const body = await (await fetch(`${url}/models`)).json();
      expect(body.data.length).toBe(4);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
