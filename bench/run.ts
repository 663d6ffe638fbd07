/**
 * `npm run bench`: every benchmark, printed as tables and written to
 * bench/results.json. Targets live here, never in timed unit tests.
 * Select some with `npm run bench -- chat billing`; `--baseline <commit>` picks
 * the commit the streaming benchmark compares against (default: the merge-base with main)
 * and the one the scale benchmark measures before the working tree (none by default);
 * `--huge` adds the scale benchmark's 10× tier (6 M messages, the working tree only); `--sections <n>`
 * makes the canvas benchmark open an n-section document beside the usual 40-section one.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

// the benchmarks measure the PostgreSQL deployment (the machine's local server)
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
import { runBillingBenchmark } from './billing-bench';
import { runChatBenchmark } from './chat-bench';
import { printReport, runContextBenchmark } from './context-bench';
import { runCanvasBenchmark } from './canvas-bench';
import { runRewriteServerBenchmark } from './canvas-server-bench';
import { runDocumentsBenchmark } from './documents-bench';
import { runScaleBenchmark } from './scale-bench';
import { runSideBySideBenchmark, runStreamBenchmark } from './stream-bench';

const benchmarks: Record<string, () => Promise<unknown>> = {
  context: async () => {
    const report = await runContextBenchmark();
    printReport(report); // the per-turn curves: turn, input this turn (tokens, characters), cumulative, per strategy
    const { misses, ...evaluation } = report.evaluation;
    return { summary: report.summary, evaluation: { ...evaluation, misses: misses.length } };
  },
  billing: () => runBillingBenchmark(),
  chat: () => runChatBenchmark(),
  stream: () => runStreamBenchmark(),
  'side-by-side': () => runSideBySideBenchmark(),
  documents: () => runDocumentsBenchmark(),
  rewrite: () => runRewriteServerBenchmark(),
  canvas: () => runCanvasBenchmark(args),
  scale: () => runScaleBenchmark(),
};

const args = process.argv.slice(2);
const wanted = args.filter((a, i) => !a.startsWith('-') && args[i - 1] !== '--baseline' && args[i - 1] !== '--sections');
// a partial run (`npm run bench -- chat`) replaces its own entries and keeps the others
const RESULTS = 'bench/results.json';
const earlier: Record<string, unknown> = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
const results: Record<string, unknown> = { ...earlier };
for (const [name, run] of Object.entries(benchmarks)) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  try {
    const result = await run();
    results[name] = { ...(result as object), measuredAt: new Date().toISOString() };
    printResult(result);
  } catch (error) {
    results[name] = { error: String(error) };
    // fetch's TypeError says only "fetch failed"; its cause names the connection error (ECONNRESET, ECONNREFUSED, …)
    console.error(`${name} failed: ${error}`, error instanceof Error && error.cause ? error.cause : '');
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
results.machine = { cpus: (await import('node:os')).cpus().length, node: process.version };
writeFileSync(RESULTS, JSON.stringify(results, null, 2));
console.log('\nWrote bench/results.json');

function printResult(result: unknown) {
  if (!result || typeof result !== 'object') return console.log(result);
  const printed = new Set<string>();
  for (const [key, value] of Object.entries(result)) {
    const json = JSON.stringify(value);
    if (printed.has(json)) continue; // a table returned under two names is printed once
    printed.add(json);
    if (Array.isArray(value) && value.every((v) => v && typeof v === 'object')) {
      console.log(key);
      console.table(value);
    } else if (value && typeof value === 'object') {
      console.log(key);
      console.table([value]);
    } else {
      console.log(`${key}: ${value}`);
    }
  }
}
