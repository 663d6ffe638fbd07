import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { lockDataDir } from '@/lib/db/data-dir-lock';

interface Holder {
  child: ChildProcess;
  /** resolves with the holder's pid once it holds the lock, or rejects with its refusal */
  locked: Promise<number>;
  exited: Promise<number | null>;
}

function startHolder(dir: string): Holder {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/lock-holder.ts', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const locked = new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const match = /locked (\d+)/.exec(d.toString());
      if (match) resolve(Number(match[1]));
    });
    void exited.then((code) => reject(new Error(`exit ${code}: ${stderr.trim()}`)));
  });
  return { child, locked, exited };
}

describe('the embedded database directory is locked to one process', () => {
  const holders: Holder[] = [];
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quire-lock-'));
    dirs.push(dir);
    return dir;
  };
  const hold = (dir: string) => {
    const holder = startHolder(dir);
    holders.push(holder);
    return holder;
  };
  afterEach(() => {
    for (const h of holders.splice(0)) h.child.kill('SIGKILL');
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('refuses a second process with a message naming the holder, and frees the directory when the holder is killed', async () => {
    const dir = tempDir();
    const first = hold(dir);
    const firstPid = await first.locked;

    // a second process is refused, and so is this one (which would open PGlite on it)
    await expect(hold(dir).locked).rejects.toThrow(new RegExp(`in use by process ${firstPid}`));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/is in use by process \d+\. Stop it first/);

    first.child.kill('SIGKILL');
    await first.exited;
    // the killed holder left its pid file behind; the lock itself died with it
    expect(readFileSync(path.join(dir, 'quire.lock'), 'utf8')).toBe(String(firstPid));
    const next = hold(dir);
    expect(await next.locked).toBeGreaterThan(0);
  }, 30_000);

  it('a stale pid file naming a live, unrelated process (a reused PID) does not keep the directory locked', async () => {
    const dir = tempDir();
    // this test process is alive: a pid-file lock would take it for the holder
    writeFileSync(path.join(dir, 'quire.lock'), String(process.pid));
    const holder = hold(dir);
    expect(await holder.locked).toBeGreaterThan(0);
    expect(readFileSync(path.join(dir, 'quire.lock'), 'utf8')).toBe(String(await holder.locked));
  }, 30_000);

  it('the same directory reached through another path is the same lock', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir);
    try {
      await expect(hold(path.join(dir, '..', path.basename(dir))).locked).rejects.toThrow(/in use by process/);
    } finally {
      await release();
    }
    expect(await hold(dir).locked).toBeGreaterThan(0);
  }, 30_000);
});
