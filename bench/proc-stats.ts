import { readdirSync, readFileSync } from 'node:fs';

/** utime + stime of the whole process, in ms (/proc/<pid>/stat counts in 10 ms ticks: for long phases). */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime and stime, fields 14 and 15 of stat(5)
  return (ticks * 1000) / 100;
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
