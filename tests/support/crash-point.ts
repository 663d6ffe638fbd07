import { writeSync } from 'node:fs';

/**
 * Crash injection for the crash-recovery suite: `QUIRE_CRASH_AT=research:after-call:2`
 * kills this process with SIGKILL the 2nd time `research:after-call` is reached
 * (`:1` may be left out). A comma-separated list kills at whichever comes first.
 * A no-op unless the variable is set, so production code pays one lookup.
 */
const wanted = parseCrashPoints(process.env.QUIRE_CRASH_AT);
const hits = new Map<string, number>();

export function crashPoint(label: string): void {
  if (wanted.size === 0) return;
  const count = (hits.get(label) ?? 0) + 1;
  hits.set(label, count);
  if (wanted.has(`${label}:${count}`)) {
    // written synchronously: the harness learns which point fired before the process is gone
    writeSync(1, `${JSON.stringify({ event: 'crash_point', at: `${label}:${count}` })}\n`);
    process.kill(process.pid, 'SIGKILL');
  }
}

function parseCrashPoints(raw: string | undefined): Set<string> {
  if (!raw?.trim()) return new Set();
  return new Set(
    raw
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => (/:\d+$/.test(p) ? p : `${p}:1`)),
  );
}
