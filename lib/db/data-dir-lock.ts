import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * PGlite is one process's database: two processes on one data directory corrupt
 * it. The lock is a Unix socket that this process listens on, named after the
 * directory's real path. On Linux it lives in the abstract namespace: the kernel
 * frees the name the moment the process dies (even by SIGKILL), so there is no
 * stale lock to guess about and a reused PID cannot fool it. Elsewhere it is a
 * socket file whose holder is asked directly: nobody answering means it is stale.
 * The pid file beside it only names the holder in the error message.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const realDir = realpathSync(dataDir);
  const digest = createHash('sha256').update(realDir).digest('hex');
  const address = process.platform === 'linux' ? `\0quire-lock-${digest}` : path.join(tmpdir(), `quire-lock-${digest.slice(0, 24)}.sock`);
  const pidPath = path.join(realDir, 'quire.lock');

  let server = await listenOn(address);
  if (!server && process.platform !== 'linux' && !(await someoneAnswers(address))) {
    rmSync(address, { force: true }); // a socket file left by a process that died
    server = await listenOn(address);
  }
  if (!server) {
    const holder = readHolder(pidPath);
    throw new Error(
      `The data directory ${dataDir} is in use by ${holder ? `process ${holder}` : 'another process'}. Stop it first, or set DATA_DIR to another directory (or DATABASE_URL for PostgreSQL, which several processes can share).`,
    );
  }
  server.unref(); // the lock must not keep the process alive
  writeFileSync(pidPath, String(process.pid));
  const lockServer = server;
  const removePidFile = () => rmSync(pidPath, { force: true });
  process.once('exit', removePidFile);
  let released: Promise<void> | undefined;
  return () => {
    released ??= new Promise<void>((resolve) => {
      process.removeListener('exit', removePidFile);
      removePidFile();
      lockServer.close(() => resolve());
    });
    return released;
  };
}

/** Listens on the address, or null when another process holds it. */
function listenOn(address: string): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.end());
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(null) : reject(error)));
    server.listen(address, () => resolve(server));
  });
}

function someoneAnswers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function readHolder(pidPath: string): number | null {
  try {
    const pid = Number(readFileSync(pidPath, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null; // the holder has not written it yet
    throw error;
  }
}
