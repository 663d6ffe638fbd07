/**
 * Where Quire's CPU goes while it streams: the production server under
 * `node --cpu-prof`, the streaming benchmark's chunk workload (2,000 chunks of
 * 4 characters, 4 answers at once, 3 rounds), then the 15 frames with the
 * most self time. Profiles the baseline commit and this tree, one after the
 * other, and writes both summaries to bench/cpu-profile.md.
 *
 * `npx tsx bench/cpu-profile.ts [--baseline <commit>]`
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { baselineCommit, prepareBaseline } from './baseline';
import { cpuPerChunk, startQuire, Upstream } from './stream-bench';
import { round } from './support';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per frame (function, file, line), largest first, as a share of all sampled time. */
export function topSelfFrames(profile: CpuProfile, count = 15): Array<{ selfMs: number; share: string; frame: string }> {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    total += us;
    const f = byNode.get(id)!.callFrame;
    const file = f.url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, '').replace(/^.*\.next\//, '.next/');
    const key = `${f.functionName || '(anonymous)'} ${file}${file ? `:${f.lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + us);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, us]) => ({ selfMs: round(us / 1000), share: `${round((100 * us) / total)}%`, frame }));
}

async function profile(name: string, dir: string, upstream: Upstream) {
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'quire-cpuprof-'));
  const peer = await startQuire(name, dir, 3460, upstream, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
  let perChunk = 0;
  try {
    await upstream.script({ chunks: 20, chunkChars: 4, delayMs: 0 });
    for (const s of await peer.senders(3)) await (await s()).text(); // warm-up
    for (let r = 0; r < 3; r++) perChunk += (await cpuPerChunk(peer, upstream, { chunks: 2000, chunkChars: 4, delayMs: 1 }, 4)).msPerChunk / 3;
  } finally {
    await peer.close!(); // SIGTERM: the graceful shutdown exits and node writes the profile
  }
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written for ${name}`);
  return { perChunk, top: topSelfFrames(JSON.parse(readFileSync(path.join(profileDir, file), 'utf8'))) };
}

if (process.argv[1]?.endsWith('cpu-profile.ts')) {
  const commit = baselineCommit(process.argv);
  const baselineDir = prepareBaseline(commit, console.error);
  const upstream = await Upstream.start();
  const sections: string[] = [];
  try {
    for (const [name, dir] of [[`baseline ${commit.slice(0, 8)}`, baselineDir], ['this tree', process.cwd()]] as const) {
      const { perChunk, top } = await profile(name, dir, upstream);
      console.log(`\n${name}: ${round(perChunk, 4)} ms CPU per chunk`);
      console.table(top);
      sections.push(
        `## ${name} — ${round(perChunk, 4)} ms CPU per chunk\n\n| self ms | share | frame |\n|---:|---:|---|\n${top.map((t) => `| ${t.selfMs} | ${t.share} | \`${t.frame}\` |`).join('\n')}\n`,
      );
    }
  } finally {
    upstream.child.kill('SIGTERM');
  }
  writeFileSync('bench/cpu-profile.md', `# CPU profile of the chunk workload (top 15 self-time frames, main thread)\n\n${sections.join('\n')}`);
  console.log('\nWrote bench/cpu-profile.md');
}
