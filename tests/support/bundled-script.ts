import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const bundles = new Map<string, Promise<string>>();

/**
 * A test's child-process script (e.g. the crash suite's worker), bundled once per test process into one file.
 * Started with `node --import tsx`, every start transforms and resolves each of the app's files again (about
 * 1.2 s of CPU), and the crash suites start a worker at each of their kills. Packages stay external, so the
 * bundle is written under node_modules/.cache, from where Node resolves them as the app would.
 */
export function bundledScript(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundle = writeBundle(entry);
    bundles.set(entry, bundle);
  }
  return bundle;
}

async function writeBundle(entry: string): Promise<string> {
  const dir = path.resolve('node_modules/.cache/quire-test-scripts');
  mkdirSync(dir, { recursive: true });
  const outfile = path.join(dir, `${path.basename(entry, '.ts')}-${process.pid}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}
