import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** The whole process's time in user code and in the kernel, in ms (/proc/<pid>/stat counts in 10 ms ticks: for long phases). */
export function processCpuTimes(pid: number | string): { userMs: number; systemMs: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat(5)
  return { userMs: Number(fields[11]) * 10, systemMs: Number(fields[12]) * 10 };
}

/** utime + stime of the whole process, in ms. */
export function processCpuMs(pid: number | string): number {
  const { userMs, systemMs } = processCpuTimes(pid);
  return userMs + systemMs;
}

/** All threads' time on a CPU, in ns (/proc/<pid>/task/<tid>/schedstat): precise enough for a few ms. */
export function threadCpuNs(pid: number): number {
  let total = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch (error) {
      // a thread that ended between the listing and the read no longer counts; anything else is a real failure
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
  return total;
}

export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

/**
 * utime + stime, in ms, of every process whose program (its command line's first word) `isOurs`
 * accepts, e.g. a browser and its helpers: 10 ms ticks, so for windows of 50 ms and more.
 */
export function cpuMsOfProcesses(isOurs: (program: string) => boolean): number {
  let ms = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (isOurs(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]!)) ms += processCpuMs(pid);
    } catch {
      // the process ended between the listing and the read (or is not ours to read): it uses no CPU now
    }
  }
  return ms;
}

/**
 * Resolves once the processes `isOurs` accepts have used at most `quietMs` of CPU in each of two
 * consecutive `windowMs` windows (or after `maxMs`). Without /proc it waits `maxMs / 4`.
 */
export async function untilProcessesQuiet(isOurs: (program: string) => boolean, { windowMs = 100, quietMs = 10, maxMs = 4000 } = {}) {
  if (!existsSync('/proc/self/stat')) return sleep(maxMs / 4);
  const deadline = Date.now() + maxMs;
  let quietWindows = 0;
  let last = cpuMsOfProcesses(isOurs);
  while (quietWindows < 2 && Date.now() < deadline) {
    await sleep(windowMs);
    const now = cpuMsOfProcesses(isOurs);
    quietWindows = now - last <= quietMs ? quietWindows + 1 : 0;
    last = now;
  }
}
