import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';
import { checkReadiness } from './readiness';

describe('readiness', () => {
  let db: TestDatabase;
  let sim: SimulatorServer;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    sim = await startSimulatorServer({ port: 0 });
  });
  afterAll(async () => {
    await sim.close();
    await db.dispose();
  });

  it('is ready with the built-in simulator, and with a model endpoint that lists its models', async () => {
    expect(await checkReadiness({ db: db.prisma })).toMatchObject({ ready: true, checks: { database: { ok: true }, model: { ok: true } } });
    expect(await checkReadiness({ db: db.prisma, modelBaseUrl: sim.url })).toMatchObject({ ready: true });
  });

  it('is not ready when the model endpoint is down or hangs, and says which part failed without the key', async () => {
    const down = await checkReadiness({ db: db.prisma, modelBaseUrl: 'http://127.0.0.1:9/v1', modelApiKey: 'sk-secret' });
    expect(down).toMatchObject({ ready: false, checks: { database: { ok: true }, model: { ok: false } } });
    expect(JSON.stringify(down)).not.toContain('sk-secret');

    const hanging = createServer(() => {}); // accepts, never answers
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as { port: number }).port;
    const started = Date.now();
    const slow = await checkReadiness({ db: db.prisma, modelBaseUrl: `http://127.0.0.1:${port}/v1`, timeoutMs: 300 });
    expect(slow.checks.model).toEqual({ ok: false, detail: 'unreachable: timed out' });
    expect(Date.now() - started).toBeLessThan(3_000);
    hanging.closeAllConnections();
    hanging.close();
  });

  it('is not ready when the database does not answer', async () => {
    const closed = await openTestDatabase('pglite');
    await closed.dispose();
    const result = await checkReadiness({ db: closed.prisma, timeoutMs: 500 });
    expect(result).toMatchObject({ ready: false, checks: { database: { ok: false }, model: { ok: true } } });
  });
});
