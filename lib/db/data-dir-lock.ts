import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: two processes on one data directory corrupt
 * it. A pid file guards the directory; a lock left by a dead process is cleared.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'quire.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      const release = () => rmSync(lockPath, { force: true });
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockPath, 'utf8').trim());
      if (holder === process.pid) return () => rmSync(lockPath, { force: true });
      if (holder && isAlive(holder)) {
        throw new Error(
          `The data directory ${dataDir} is in use by process ${holder}. Stop it first, or set DATA_DIR to another directory (or DATABASE_URL for PostgreSQL, which several processes can share).`,
        );
      }
      rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
