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
  cookie: string;
  close(): Promise<void>;
}

/**
 * The production server on a fresh PostgreSQL database, talking to the
 * simulator running in its own process: the stack the latency benchmarks measure.
 */
export async function startBenchStack(opts: { tokenDelayMs: number; port?: number }): Promise<BenchStack> {
  if (!existsSync('.next/BUILD_ID')) {
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
      },
      /Quire is serving at/,
    );
    children.push(quire.child);
    const quireUrl = `http://localhost:${port}`;
    const signUp = await fetch(`${quireUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: quireUrl },
      body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'bench-password', name: 'Bench' }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    if (!signUp.ok || !cookie) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    return {
      quireUrl,
      simUrl: sim.match[1]!,
      cookie,
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
