import { test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

/**
 * A production Quire server (`scripts/start.ts`, the same as `npm start`) as a
 * child process with its own port and embedded database, for tests that signal,
 * restart or configure it. Needs the production build (`npx next build`).
 */
export interface QuireProcess {
  url: string;
  child: ChildProcess;
  /** everything it printed, for assertions on its log */
  output(): string;
  exited: Promise<number | null>;
}

export async function startQuire(port: number, dataDir: string, env: Record<string, string> = {}): Promise<QuireProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SIMULATOR_TOKEN_DELAY_MS: '5', RATE_LIMIT_PER_MINUTE: '1000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Quire exited with ${child.exitCode} while starting:\n${output}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Quire did not start within 3 minutes:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, child, output: () => output, exited };
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}

/** A signed-in person talking to the API with fetch (streams included), cookies kept by hand. */
export class ApiClient {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        // as a browser on this page would send it (the same-origin checks want it)
        origin: this.baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  }

  async json<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T }> {
    const response = await this.send(method, path, body, headers);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  async signUp(email: string): Promise<void> {
    const res = await afterRateLimit(async () => {
      const response = await this.send('POST', '/api/auth/sign-up/email', { email, password: 'correct-horse-battery', name: 'Ops Person' });
      return { status: response.status, retryAfter: response.headers.get('x-retry-after'), body: await response.text() };
    });
    if (res.status !== 200) throw new Error(`sign-up of ${email} answered ${res.status}: ${res.body}`);
  }
}

/**
 * Every account of the suite signs up from 127.0.0.1, and sign-up allows 30 a minute per address:
 * a sign-up refused with 429 is sent again when its `Retry-After` says, as a client should.
 */
export async function afterRateLimit<T extends { status: number; retryAfter: string | null }>(send: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    const answer = await send();
    if (answer.status !== 429 || tries === 4) return answer;
    // better-auth says when in X-Retry-After (seconds)
    await waitAsTold(Number(answer.retryAfter ?? 10) || 10);
  }
}

/**
 * Waits the seconds a refused sign-up was told to (at most a minute), and gives the running test that much
 * more time: the wait is the server doing its job, not the test being slow.
 */
export async function waitAsTold(seconds: number): Promise<void> {
  const ms = Math.min(60, Math.max(1, seconds)) * 1000;
  test.info().setTimeout(test.info().timeout + ms);
  // said in the log: a test that took a minute longer waited here, as the server told it to
  console.log(`  (${test.info().titlePath.slice(1).join(' › ')}: ${ms / 1000} s for the sign-up rate limit)`);
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** The token of the password link the server logged for `email` (one JSON line, event password_link). */
export function passwordLinkToken(log: string, email: string): string | null {
  for (const line of log.split('\n')) {
    if (!line.includes('"password_link"')) continue;
    const entry = JSON.parse(line) as { to: string; url: string };
    if (entry.to === email) return new URL(entry.url).searchParams.get('token');
  }
  return null;
}
