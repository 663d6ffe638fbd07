import { spawn, type ChildProcess } from 'node:child_process';

export function median(values: number[]): number {
  return percentile(values, 50);
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Starts a child process and resolves once a line of its stdout matches. */
export function spawnUntil(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  ready: RegExp,
  timeoutMs = 300_000,
  cwd?: string,
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${ready}; output:\n${output.slice(-2000)}`)), timeoutMs);
    const onData = (data: Buffer) => {
      output += data.toString();
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code}; output:\n${output.slice(-2000)}`));
    });
  });
}

export function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/**
 * After minus before, over runs taken in pairs (run i of each, alternating):
 * the median of the differences and a 95% bootstrap interval of that median
 * (seeded, so a run's report is reproducible from its numbers). An interval
 * that holds 0 means the change is not told apart from the machine's noise.
 */
export function pairedDifference(before: number[], after: number[]): { median: number; low: number; high: number } {
  const differences = after.slice(0, before.length).map((value, index) => value - before[index]!);
  if (differences.length === 0) return { median: NaN, low: NaN, high: NaN };
  const random = seededRandom(differences.length);
  const medians = Array.from({ length: 2000 }, () =>
    median(Array.from({ length: differences.length }, () => differences[Math.floor(random() * differences.length)]!)),
  );
  return { median: median(differences), low: percentile(medians, 2.5), high: percentile(medians, 97.5) };
}

/** mulberry32: a small deterministic generator, enough for resampling. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
