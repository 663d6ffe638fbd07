/**
 * Quire as it was before a change, to measure side by side with the working
 * tree in one run: the commit's files (git archive, so the repository's
 * worktree list is untouched) under /tmp, sharing this clone's node_modules,
 * built once and kept for later runs.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** `--baseline <commit>` on the command line, else the merge-base with main. */
export function baselineCommit(argv: string[]): string {
  const at = argv.indexOf('--baseline');
  const wanted = at >= 0 ? argv[at + 1] : undefined;
  const ref = wanted ?? git(['merge-base', 'HEAD', 'main']);
  return git(['rev-parse', '--verify', `${ref}^{commit}`]);
}

/** The directory of a built copy of `commit` (built now when not cached). */
export function prepareBaseline(commit: string, log: (line: string) => void): string {
  const dir = path.join(os.tmpdir(), `quire-baseline-${commit.slice(0, 12)}`);
  if (existsSync(path.join(dir, '.next', 'BUILD_ID'))) return dir;
  log(`building the baseline ${commit.slice(0, 12)} in ${dir} (once; later runs reuse it)`);
  mkdirSync(dir, { recursive: true });
  const archive = spawnSync('sh', ['-c', `git archive ${commit} | tar -x -C ${JSON.stringify(dir)}`], { stdio: 'inherit' });
  if (archive.status !== 0) throw new Error('git archive of the baseline failed');
  // Turbopack will not resolve through a symlink leaving the project, so the tree is hard-linked (same disk, no copy)
  if (!existsSync(path.join(dir, 'node_modules'))) {
    const link = spawnSync('cp', ['-al', path.resolve('node_modules'), path.join(dir, 'node_modules')], { stdio: 'inherit' });
    if (link.status !== 0) throw new Error('could not link node_modules into the baseline');
  }
  // the generated Prisma client is not in git; the baseline's schema may differ, so generate it there
  const generate = spawnSync(process.execPath, ['scripts/prisma-generate.mjs'], { cwd: dir, stdio: 'inherit' });
  if (generate.status !== 0) cpSync(path.resolve('lib/generated'), path.join(dir, 'lib/generated'), { recursive: true });
  const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { cwd: dir, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the baseline build failed');
  return dir;
}

function git(args: string[]): string {
  const out = spawnSync('git', args, { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`git ${args.join(' ')}: ${out.stderr}`);
  return out.stdout.trim();
}

// `tsx bench/baseline.ts [--baseline <commit>]` builds the baseline ahead of a run
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  console.log(prepareBaseline(baselineCommit(process.argv), console.log));
}
