import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { e2ePorts } from './ports';
import { createPostgresDatabase, postgresServer } from './postgres-database';
import { startProxy } from './reverse-proxy';
import { ApiClient, removeDataDir, startQuire, type QuireProcess } from './server-process';
import { uniqueEmail } from './support';

// Two web processes on one PostgreSQL database, each with its own DATA_DIR (as on two machines) and no
// AUTH_SECRET, behind one load balancer that takes them in turn: a person signed in on one is signed in on both.
test.describe('several machines on one database', () => {
  test.skip(!postgresServer, 'needs PostgreSQL (TEST_DATABASE_URL)');
  test.describe.configure({ timeout: 300_000 });
  const machines = [e2ePorts.machineA, e2ePorts.machineB];
  const dataDir = (port: number) => `.data-e2e-machine-${port}`;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  const servers: QuireProcess[] = [];
  let balancer: Server | undefined;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    database = await createPostgresDatabase('quire_e2e_machines');
    for (const port of [...machines, e2ePorts.machineC]) removeDataDir(dataDir(port));
    // started together, as a deployment's processes are: the first to reach the database makes the secret
    servers.push(
      ...(await Promise.all(
        machines.map((port) => startQuire(port, dataDir(port), { DATABASE_URL: database!.url, TRUST_PROXY: '1', SIGNUP: 'open' })),
      )),
    );
    balancer = await startProxy(e2ePorts.balancer, machines);
  });
  test.afterAll(async () => {
    await new Promise((resolve) => (balancer ? balancer.close(resolve) : resolve(undefined)));
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    for (const port of [...machines, e2ePorts.machineC]) removeDataDir(dataDir(port));
    await database?.drop();
  });

  test('a person who signs up through the balancer stays signed in on every machine it sends them to', async () => {
    const api = new ApiClient(`http://localhost:${e2ePorts.balancer}`);
    const signUp = await api.json('POST', '/api/auth/sign-up/email', {
      email: uniqueEmail('two-machines'),
      password: 'correct-horse-battery',
      name: 'Two Machines',
    });
    expect(signUp.status).toBe(200);
    const answeredBy = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const response = await api.send('GET', '/api/wallet');
      expect(response.status).toBe(200);
      answeredBy.add(response.headers.get('x-upstream-port')!);
      await response.body?.cancel();
    }
    expect(answeredBy).toEqual(new Set(machines.map(String)));
  });

  test('a process started with another AUTH_SECRET refuses to start, and says what to set', async () => {
    const port = e2ePorts.machineC;
    const started = startQuire(port, dataDir(port), {
      DATABASE_URL: database!.url,
      AUTH_SECRET: 'another-secret-for-one-machine-only',
    });
    await expect(started).rejects.toThrow(/AUTH_SECRET/);
    await expect(started).rejects.toThrow(/Quire could not start/);
  });
});
