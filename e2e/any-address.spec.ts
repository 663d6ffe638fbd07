import { spawn, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import { rmSync } from 'node:fs';
import { chromium, expect, request as newRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpApi, uniqueEmail } from './support';
import { e2ePorts } from './ports';
import { startProxy } from './reverse-proxy';
import { CHROMIUM_ARGS } from '../scripts/find-chromium';

// Quire reached the way people really reach it: at 127.0.0.1, through a
// reverse proxy under a domain, from another site's page, and by someone
// guessing passwords behind a forged X-Forwarded-For.
const port = e2ePorts.server;
const direct = `http://127.0.0.1:${port}`;

async function signUpAndChat(page: Page, origin: string) {
  await page.goto(`${origin}/sign-up`);
  await page.getByLabel(/name/i).fill('Ada Lovelace');
  await page.getByLabel(/email/i).fill(uniqueEmail('anywhere'));
  await page.getByLabel(/password/i).fill('correct-horse-battery');
  await page.getByRole('button', { name: /sign up|create account/i }).click();
  await expect(page).toHaveURL(/\/chats\//);
  await page.getByTestId('chat-input').fill('Hello from another address');
  await page.getByTestId('send-button').click();
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
}

test.describe('the app at 127.0.0.1 (no proxy settings)', () => {
  test.use({ baseURL: direct });

  test('a person signs up, chats, and the page runs under its Content-Security-Policy with no violation', async ({ page }, testInfo) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (execute|load)/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto('/sign-up');
    const headers = response!.headers();
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await signUpAndChat(page, direct);
    await page.screenshot({ path: testInfo.outputPath('chat-at-127.0.0.1.png'), fullPage: true });
    expect(violations).toEqual([]);
    // the theme script ran under the nonce: the dark class follows the stored choice
    await page.evaluate(() => localStorage.setItem('quire-theme', 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(violations).toEqual([]);
  });

  test('API answers carry the security headers too', async ({ request }) => {
    const res = await request.get('/api/chats');
    expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
  });

  test("another site's page cannot post with the person's cookie (403), and a text/plain body is 415: nothing is created", async ({
    request,
  }) => {
    await signUpApi(request);
    const crossOrigin = await request.post('/api/chats', { headers: { origin: 'http://evil.example' }, data: { title: 'planted' } });
    expect(crossOrigin.status()).toBe(403);
    expect((await crossOrigin.json()).error.code).toBe('cross_site');
    const crossSite = await request.post('/api/chats', { headers: { 'sec-fetch-site': 'cross-site' }, data: { title: 'planted' } });
    expect(crossSite.status()).toBe(403);
    // what an HTML form on any page can send without a preflight
    const plain = await request.post('/api/chats', { headers: { 'content-type': 'text/plain' }, data: '{"title":"planted"}' });
    expect(plain.status()).toBe(415);
    expect((await plain.json()).error.code).toBe('unsupported_media_type');
    expect(await (await request.get('/api/chats')).json()).toEqual([]);
    // the same request from Quire's own page passes
    const own = await request.post('/api/chats', { headers: { origin: direct, 'sec-fetch-site': 'same-origin' }, data: { title: 'mine' } });
    expect(own.status()).toBe(201);
    // auth routes follow the same rule
    const signIn = await request.post('/api/auth/sign-in/email', {
      headers: { origin: 'http://evil.example' },
      data: { email: 'x@example.com', password: 'whatever-it-is' },
    });
    expect(signIn.status()).toBe(403);
  });
});

/** A production server of this build on its own port and data directory, with extra settings. */
async function startQuire(serverPort: number, env: Record<string, string>): Promise<ChildProcess> {
  const dataDir = `.data-e2e-${serverPort}`;
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/start.ts'], {
    env: {
      ...process.env,
      PORT: String(serverPort),
      DATA_DIR: dataDir,
      SIMULATOR_TOKEN_DELAY_MS: '5',
      RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Quire on ${serverPort} did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Quire is serving')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`Quire on ${serverPort} exited (${code}):\n${output}`)));
  });
  return child;
}

async function stopQuire(child: ChildProcess | undefined, serverPort: number) {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(`.data-e2e-${serverPort}`, { recursive: true, force: true });
}

async function guessPasswords(api: APIRequestContext, attempts: number, forwardedFor: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const res = await api.post('/api/auth/sign-in/email', {
      headers: { 'x-forwarded-for': forwardedFor(i) },
      data: { email: uniqueEmail('victim'), password: `guess-number-${i}` },
    });
    statuses.push(res.status());
  }
  return statuses;
}

test.describe('behind a reverse proxy, and without one', () => {
  test.describe.configure({ timeout: 240_000 });
  const plainPort = e2ePorts.plainServer;
  const proxiedPort = e2ePorts.proxiedServer;
  const proxyPort = e2ePorts.proxy;
  let plain: ChildProcess | undefined;
  let proxied: ChildProcess | undefined;
  let proxy: Server | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    [plain, proxied] = await Promise.all([startQuire(plainPort, {}), startQuire(proxiedPort, { TRUST_PROXY: '1' })]);
    proxy = await startProxy(proxyPort, [proxiedPort]);
  });
  test.afterAll(async () => {
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
    await Promise.all([stopQuire(plain, plainPort), stopQuire(proxied, proxiedPort)]);
  });

  test('without TRUST_PROXY, guessing passwords with a fresh X-Forwarded-For each time is still limited', async () => {
    const api = await newRequest.newContext({ baseURL: `http://127.0.0.1:${plainPort}` });
    const statuses = await guessPasswords(api, 32, (i) => `198.51.100.${i + 1}`);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    await api.dispose();
  });

  test('with TRUST_PROXY=1, each real client is counted on its own', async () => {
    const api = await newRequest.newContext({ baseURL: `http://127.0.0.1:${proxiedPort}` });
    // this test stands in for the proxy: the last X-Forwarded-For entry is the client it saw
    const first = await guessPasswords(api, 31, () => '198.51.100.7');
    expect(first.at(-1)).toBe(429);
    const other = await guessPasswords(api, 1, () => '198.51.100.8');
    expect(other).toEqual([401]);
    // client .8 forges .7 in front of what the proxy appends: it is counted as itself, not as the limited .7
    const forged = await guessPasswords(api, 1, () => '198.51.100.7, 198.51.100.8');
    expect(forged).toEqual([401]);
    await api.dispose();
  });

  test('with TRUST_PROXY and https at the proxy, cookies are Secure', async () => {
    const api = await newRequest.newContext({ baseURL: `http://127.0.0.1:${proxiedPort}` });
    const res = await api.post('/api/auth/sign-up/email', {
      headers: {
        origin: 'https://quire.example.org',
        'x-forwarded-host': 'quire.example.org',
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '198.51.100.30',
      },
      data: { email: uniqueEmail('secure'), password: 'correct-horse-battery', name: 'Secure Person' },
    });
    expect(res.status()).toBe(200);
    const cookies = res.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie');
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie.value).toMatch(/;\s*Secure/i);
    await api.dispose();
  });

  test('a person signs up and chats at a domain served through the proxy', async () => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP quire.test 127.0.0.1'],
    });
    try {
      const page = await browser.newPage();
      await signUpAndChat(page, `http://quire.test:${proxyPort}`);
      await expect(page).toHaveURL(new RegExp(`^http://quire\\.test:${proxyPort}/chats/`));
    } finally {
      await browser.close();
    }
  });
});
