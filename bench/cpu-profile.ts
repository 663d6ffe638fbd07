/**
 * Where Quire's CPU goes: the production server under `node --cpu-prof`, one
 * workload, then the 15 frames with the most self time.
 * - `chunk` (default): the streaming benchmark's chunk workload (2,000 chunks
 *   of 4 characters, 4 answers at once, 3 rounds);
 * - `send`: 150 sends one after the other, each answered with one chunk, so
 *   the profile is the path from Send to the upstream request and back.
 * Profiles the baseline commit and this tree, one after the other, and writes
 * each summary to bench/cpu-profile-{baseline,tree}[-send].md.
 *
 * `npx tsx bench/cpu-profile.ts [--workload chunk|send] [--baseline <commit>] [--only baseline|tree]`
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { baselineCommit, prepareBaseline } from './baseline';
import { cpuPerChunk, read, startQuire, Upstream } from './stream-bench';
import { processCpuTimes } from './proc-stats';
import { round } from './support';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self time per frame (function, file, line), largest first, as a share of the
 * busy time. Only samples inside `window` (monotonic µs, the clock the profile
 * uses) count, so start-up (module loading, compiling) stays out; idle is not CPU.
 */
export function topSelfFrames(
  profile: CpuProfile,
  window: { fromUs: number; toUs: number },
  count = 15,
): Array<{ selfMs: number; share: string; frame: string }> {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    const f = byNode.get(id)!.callFrame;
    if (at < window.fromUs || at > window.toUs || f.functionName === '(idle)') return;
    total += us;
    const file = f.url
      .replace(/^file:\/\//, '')
      .replace(/^.*node_modules\//, '')
      .replace(/^.*\.next\//, '.next/');
    const key = `${f.functionName || '(anonymous)'} ${file}${file ? `:${f.lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + us);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, us]) => ({ selfMs: round(us / 1000), share: `${round((100 * us) / total)}%`, frame }));
}

type Workload = 'chunk' | 'send';

/** Said under every summary: the largest frame is rarely what it seems. */
const WALL_TIME_NOTE =
  "The profiler samples wall time: a frame that wakes another process (`writev` to PostgreSQL, the upstream or the client) also carries the time that process then held this core, so its share above the kernel's is waiting, not CPU.";

async function profile(name: string, dir: string, upstream: Upstream, workload: Workload) {
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'quire-cpuprof-'));
  const peer = await startQuire(name, dir, 3460, upstream, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
  let perUnit = 0;
  let systemShare = 0;
  const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
  const window = { fromUs: 0, toUs: 0 };
  try {
    await upstream.script({ chunks: 20, chunkChars: 4, delayMs: 0 });
    for (const s of await peer.senders(3)) await (await s()).text(); // warm-up
    if (workload === 'send') await upstream.script({ chunks: 1, chunkChars: 4, delayMs: 0 });
    const senders = workload === 'send' ? await peer.senders(150) : [];
    const before = processCpuTimes(peer.child.pid!);
    window.fromUs = monotonicUs();
    if (workload === 'chunk') {
      for (let r = 0; r < 3; r++)
        perUnit += (await cpuPerChunk(peer, upstream, { chunks: 2000, chunkChars: 4, delayMs: 1 }, 4)).msPerChunk / 3;
    } else {
      for (const s of senders) await read(s, peer.isText);
    }
    window.toUs = monotonicUs();
    const after = processCpuTimes(peer.child.pid!);
    const userMs = after.userMs - before.userMs;
    const systemMs = after.systemMs - before.systemMs;
    if (workload === 'send') perUnit = (userMs + systemMs) / senders.length;
    systemShare = systemMs / (userMs + systemMs);
  } finally {
    await peer.close!(); // SIGTERM: the graceful shutdown exits and node writes the profile
  }
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written for ${name}`);
  return { perUnit, systemShare, top: topSelfFrames(JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')), window) };
}

if (process.argv[1]?.endsWith('cpu-profile.ts')) {
  const commit = baselineCommit(process.argv);
  const option = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
  const only = option('--only');
  const workload: Workload = option('--workload') === 'send' ? 'send' : 'chunk';
  const unit = workload === 'chunk' ? 'chunk' : 'send (one-chunk answer)';
  const targets = [
    { key: 'baseline', name: `baseline ${commit.slice(0, 8)}`, dir: () => prepareBaseline(commit, console.error) },
    { key: 'tree', name: 'this tree', dir: () => process.cwd() },
  ].filter((t) => !only || t.key === only);
  const upstream = await Upstream.start(3461);
  try {
    for (const target of targets) {
      const { perUnit, systemShare, top } = await profile(target.name, target.dir(), upstream, workload);
      console.log(`\n${target.name}: ${round(perUnit, 4)} ms CPU per ${unit}`);
      console.table(top);
      const file = `bench/cpu-profile-${target.key}${workload === 'chunk' ? '' : `-${workload}`}.md`;
      writeFileSync(
        file,
        `# CPU profile, ${target.name}: the ${workload} workload, top 15 self-time frames (main thread)\n\n${round(perUnit, 4)} ms CPU per ${unit} while profiled (all threads), ${Math.round(systemShare * 100)}% of it in the kernel.\n\n${WALL_TIME_NOTE}\n\n| self ms | share | frame |\n|---:|---:|---|\n${top.map((t) => `| ${t.selfMs} | ${t.share} | \`${t.frame}\` |`).join('\n')}\n`,
      );
      console.log(`Wrote ${file}`);
    }
  } finally {
    upstream.child.kill('SIGTERM');
  }
}
