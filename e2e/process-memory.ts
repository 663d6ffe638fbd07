import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * The test server's process, found the way `ss -p` finds it: the socket
 * listening on its port, then the process holding that socket. Lets a test
 * read the server's own memory (VmRSS) without an endpoint for it.
 */
export function pidListeningOn(port: number): number {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const localPort = parseInt(fields[1].split(':')[1], 16);
      if (fields[3] === '0A' && localPort === port) inodes.add(fields[9]); // 0A: LISTEN
    }
  }
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    for (const fd of fileDescriptors(pid)) {
      const target = readLink(`/proc/${pid}/fd/${fd}`);
      const inode = target?.match(/^socket:\[(\d+)\]$/)?.[1];
      if (inode && inodes.has(inode)) return Number(pid);
    }
  }
  throw new Error(`No process of this user listens on port ${port}.`);
}

/** Resident memory of a process, in bytes. */
export function rssBytes(pid: number): number {
  const kb = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m)?.[1];
  if (!kb) throw new Error(`No VmRSS for process ${pid}.`);
  return Number(kb) * 1024;
}

/** Samples a process's RSS until stopped; returns the highest value seen. */
export function watchPeakRss(pid: number, everyMs = 25): { stop(): number } {
  let peak = rssBytes(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssBytes(pid));
    },
  };
}

// other users' processes (and ones that just exited) cannot be read: they are not the server
function fileDescriptors(pid: string): string[] {
  try {
    return readdirSync(`/proc/${pid}/fd`);
  } catch (error) {
    if (['EACCES', 'ENOENT', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) return [];
    throw error;
  }
}

function readLink(path: string): string | null {
  try {
    return readlinkSync(path);
  } catch (error) {
    if (['EACCES', 'ENOENT', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) return null;
    throw error;
  }
}
