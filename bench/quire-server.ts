import { existsSync, mkdtempSync } from 'node:fs';
import { spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { SIMULATED_MODELS } from '@/lib/llm/simulator';
import { createPostgresDatabase } from '@/tests/support/test-database';
import { spawnUntil, stop } from './support';

export interface BenchStack {
  quireUrl: string;
  simUrl: string;
  /** the signed-up person's session, and their address */
  cookie: string;
  email: string;
  /** the server's own database, for benchmarks that seed it */
  databaseUrl: string;
  /** what the server has logged since it started serving (password links go there without SMTP_URL) */
  output(): string;
  close(): Promise<void>;
}

export interface BenchStackOptions {
  tokenDelayMs: number;
  port?: number;
  /** a built Quire other than this tree (bench/baseline.ts) */
  dir?: string;
  /** more environment for the server, e.g. STAFF_EMAILS */
  env?: Record<string, string>;
}

/**
 * The production server on a fresh PostgreSQL database, talking to the
 * simulator running in its own process: the stack the latency benchmarks measure.
 */
export async function startBenchStack(opts: BenchStackOptions): Promise<BenchStack> {
  if (!opts.dir && !existsSync('.next/BUILD_ID')) {
    const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('next build failed');
  }
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  process.env.TEST_DATABASE_URL = base;
  const pg = await createPostgresDatabase();
  const children: ChildProcess[] = [];
  try {
    const sim = await spawnUntil(
      process.execPath,
      ['--import', 'tsx', 'lib/llm/simulator/cli.ts', '--port', '0', '--delay', String(opts.tokenDelayMs)],
      {},
      /(http:\/\/\S+\/v1)/,
    );
    children.push(sim.child);
    const port = opts.port ?? 3900 + Math.floor(Math.random() * 90);
    const quire = await spawnUntil(
      process.execPath,
      ['--import', 'tsx', 'scripts/start.ts'],
      {
        PORT: String(port),
        DATABASE_URL: pg.url,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'quire-bench-')),
        LLM_BASE_URL: sim.match[1],
        LLM_MODELS: JSON.stringify(SIMULATED_MODELS),
        RATE_LIMIT_PER_MINUTE: '1000000',
        STARTING_CREDITS: '1000000000000',
        // with LLM_BASE_URL set the default is sign-up by invitation; the benchmarks sign up as anyone would
        SIGNUP: 'open',
        ...opts.env,
      },
      /Quire is serving at/,
      300_000,
      opts.dir,
    );
    children.push(quire.child);
    let output = '';
    quire.child.stdout!.on('data', (data: Buffer) => (output += data.toString()));
    const quireUrl = `http://localhost:${port}`;
    const email = `bench-${Date.now()}@example.com`;
    const cookie = await signUp(quireUrl, email, 'bench-password');
    return {
      quireUrl,
      simUrl: sim.match[1]!,
      cookie,
      email,
      databaseUrl: pg.url,
      output: () => output,
      close: async () => {
        for (const c of children.reverse()) await stop(c);
        await pg.drop();
      },
    };
  } catch (error) {
    for (const c of children.reverse()) await stop(c);
    await pg.drop();
    throw error;
  }
}

const sessionCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** A new account's session cookie. */
export async function signUp(quireUrl: string, email: string, password: string, name = 'Bench'): Promise<string> {
  const res = await fetch(`${quireUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: quireUrl },
    body: JSON.stringify({ email, password, name }),
  });
  const cookie = sessionCookie(res);
  if (!res.ok || !cookie) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/**
 * A staff session: an address listed in the server's STAFF_EMAILS signs up, then sets its
 * password from the link the server logs (no SMTP_URL), which is what grants the role.
 */
export async function signUpStaff(stack: BenchStack, email: string): Promise<string> {
  await signUp(stack.quireUrl, email, 'bench-password', 'Staff');
  let url: string | undefined;
  for (let waited = 0; !url; waited += 50) {
    if (waited > 10_000) throw new Error(`no password link for ${email} in the server log`);
    await new Promise((r) => setTimeout(r, 50));
    url = stack
      .output()
      .split('\n')
      .filter((line) => line.includes('"password_link"'))
      .map((line) => JSON.parse(line) as { to: string; url: string })
      .find((entry) => entry.to === email)?.url;
  }
  const token = new URL(url).searchParams.get('token')!;
  const headers = { 'content-type': 'application/json', origin: stack.quireUrl };
  const reset = await fetch(`${stack.quireUrl}/api/auth/reset-password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token, newPassword: 'staff-password' }),
  });
  if (!reset.ok) throw new Error(`setting the staff password failed: ${reset.status} ${await reset.text()}`);
  const signIn = await fetch(`${stack.quireUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'staff-password' }),
  });
  const cookie = sessionCookie(signIn);
  if (!signIn.ok || !cookie) throw new Error(`staff sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return cookie;
}
