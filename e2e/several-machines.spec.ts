import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { NGINX, startNginx } from './nginx';
import { e2ePorts } from './ports';
import { createPostgresDatabase, postgresServer } from './postgres-database';
import { type QuireProcess, startQuire } from './server-process';
import { uniqueEmail } from './support';

// An operator runs Quire on two machines against one PostgreSQL database, behind nginx. Each
// machine has its own data directory and nobody set AUTH_SECRET: a cookie one process signed
// must still be good on the other, or every other request is refused.
test.describe('two servers with separate data directories behind nginx', () => {
  test.skip(!postgresServer, 'needs PostgreSQL (TEST_DATABASE_URL)');
  test.skip(!NGINX, 'needs nginx (apt-get install nginx-light)');
  test.describe.configure({ timeout: 240_000 });

  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let servers: QuireProcess[] = [];
  let proxy: Awaited<ReturnType<typeof startNginx>> | undefined;
  const dataDirs = ['a', 'b'].map((machine) => mkdtempSync(path.join(os.tmpdir(), `quire-machine-${machine}-`)));

  test.beforeAll(async () => {
    database = await createPostgresDatabase('quire_e2e_machines');
    // both start at once on the new database, as machines rebooted together do
    servers = await Promise.all(
      [e2ePorts.machineA, e2ePorts.machineB].map((port, n) =>
        startQuire(port, dataDirs[n]!, { DATABASE_URL: database!.url, TRUST_PROXY: '1' }),
      ),
    );
    proxy = await startNginx(e2ePorts.nginx, [e2ePorts.machineA, e2ePorts.machineB]);
  });

  test.afterAll(async () => {
    await proxy?.stop();
    await Promise.all(
      servers.map(async (server) => {
        server.child.kill('SIGTERM');
        await server.exited;
      }),
    );
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  test('a person signs up and chats through nginx, and 20 requests spread over both servers all succeed', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: proxy!.url });
    const page = await context.newPage();
    // a page that fails to load through nginx shows only the browser's error page: say which request failed and why
    page.on('requestfailed', (request) => {
      if (request.isNavigationRequest()) console.log(`navigation to ${request.url()} failed: ${request.failure()?.errorText}`);
    });
    await page.goto('/sign-up');
    await page.getByLabel(/name/i).fill('Grace Hopper');
    await page.getByLabel(/email/i).fill(uniqueEmail('machines'));
    await page.getByLabel(/password/i).fill('correct-horse-battery');
    await page.getByRole('button', { name: /sign up|create account/i }).click();
    await expect(page).toHaveURL(/\/chats\//);
    await page.getByTestId('chat-input').fill('Hello from behind the load balancer');
    await page.getByTestId('send-button').click();
    await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });

    const served: string[] = [];
    for (let n = 0; n < 20; n++) {
      const response = await page.request.get('/api/chats');
      expect(response.status(), `request ${n + 1}`).toBe(200);
      expect((await response.json()).length, `request ${n + 1}`).toBe(1);
      served.push(response.headers()['x-upstream']!);
    }
    // nginx took the servers in turn: both answered, each about half of the time
    const counts = [...new Set(served)].map((upstream) => served.filter((one) => one === upstream).length);
    expect(counts).toHaveLength(2);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(8);

    // and the page itself, reloaded on whichever server: still signed in, the conversation there
    for (let n = 0; n < 2; n++) {
      await page.reload();
      await expect(page.getByTestId('message-assistant')).toHaveCount(1);
    }
    await context.close();
  });
});
