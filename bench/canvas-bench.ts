/**
 * The canvas benchmark (issues 8 and 15): opening a 40-section, 20,000-word
 * document in headless Chromium, on the production server with PostgreSQL,
 * before and after in the same run. "Before" is the commit this branch left
 * main at (its merge base, or QUIRE_CANVAS_BASELINE_REF), checked out in a
 * git worktree beside the repository and built there once; "after" is this
 * checkout. Runs alternate between the two so both see the same machine, each
 * pair in the opposite order to the last.
 *
 * - first paint: the browser's first contentful paint, from navigation start;
 * - interactive: a character typed into the first section went through TipTap
 *   (its save state turned "unsaved"), from navigation start; the probe only
 *   focuses the first editable text box and types, as a person would
 *   (enter: the part of that from the focus on, which mounts the editor);
 * - scrolling the whole document: the slowest frames, and how many editors
 *   were mounted by the end.
 * Targets (issue 15): first paint ≤ 300 ms, interactive ≤ 600 ms.
 * QUIRE_CANVAS_BENCH_BASELINE=off measures this checkout only.
 * QUIRE_CANVAS_BENCH_TRACE=<directory> adds one traced load per build after
 * the timed ones: the Chromium trace is written there, and where the main
 * thread's time went before interactive is printed (canvas-trace.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { openDatabase } from '@/lib/db/client';
import { canonicalize } from '@/lib/documents/canvas';
import { createPostgresDatabase } from '@/tests/support/test-database';
import { CHROMIUM_ARGS, chromiumExecutable } from '@/scripts/find-chromium';
import { summarizeMainThread } from './canvas-trace';
import { untilProcessesQuiet } from './proc-stats';
import { median, pairedDifference, percentile, round, spawnUntil, stop } from './support';

const SECTIONS = 40;
/** `--sections N`: a document that long must open interactive within this factor of the usual one */
const LONG_DOCUMENT_FACTOR = 1.5;
const WORDS_PER_SECTION = 500;
const RUNS = Number(process.env.QUIRE_CANVAS_BENCH_RUNS ?? 7);
const FIRST_PAINT_TARGET_MS = 300;
const INTERACTIVE_TARGET_MS = 600;
/** this benchmark's ports: the checkout's server, and the baseline's on the next one */
const PORT = Number(process.env.QUIRE_CANVAS_BENCH_PORT ?? 3500);
/**
 * A browser program or one of its helpers (Debian's wrapper execs /usr/lib/chromium/chromium).
 * A new browser window sets up its own pages (the address bar's suggestions are a web page of
 * Chromium's): about 0.8 s of CPU over 0.4 s after every `newPage()`, on two cores the half of
 * the machine a page load would have had. Loads start once that is over.
 */
const isBrowser = (program: string) => /chrom/i.test(path.basename(program));

interface Target {
  label: string;
  dir: string;
  port: number;
  sections: number;
}

interface Served extends Target {
  server: ChildProcess;
  url: string;
  cookie: string;
  drop(): Promise<void>;
}

/**
 * Opens a 40-section document in this checkout and in the baseline build, alternating. With
 * `--sections N`, this checkout only: the 40-section document against an N-section one, side by
 * side in the same way (does opening cost grow with the document, or only with what is on screen?).
 */
export async function runCanvasBenchmark(argv: string[] = []) {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const at = argv.indexOf('--sections');
  const longSections = at >= 0 ? Number(argv[at + 1]) : null;
  if (longSections !== null && !(Number.isInteger(longSections) && longSections > 0))
    throw new Error('--sections takes a number of sections');
  const targets: Target[] = [{ label: `this checkout, ${SECTIONS} sections`, dir: process.cwd(), port: PORT, sections: SECTIONS }];
  if (longSections)
    targets.push({ label: `this checkout, ${longSections} sections`, dir: process.cwd(), port: PORT + 1, sections: longSections });
  else if (process.env.QUIRE_CANVAS_BENCH_BASELINE !== 'off') {
    const { dir, commit } = baselineWorktree();
    targets.unshift({ label: `before (${commit.slice(0, 7)}), ${SECTIONS} sections`, dir, port: PORT + 1, sections: SECTIONS });
  }
  for (const dir of new Set(targets.map((target) => target.dir))) buildOnce(dir);

  const served: Served[] = [];
  let browser: Browser | undefined;
  try {
    for (const target of targets) served.push(await serve(target));
    browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
    for (const target of served) await openToInteractive(browser, target); // warm-up: server caches, compiled routes
    const timings = new Map<Served, OpenTiming[]>(served.map((target) => [target, []]));
    // each pair in the opposite order to the last: the load that comes second in a pair is not always the same build's
    for (let run = 0; run < RUNS; run++) {
      for (const target of run % 2 === 0 ? served : [...served].reverse())
        timings.get(target)!.push(await openToInteractive(browser, target));
    }

    const rows = [];
    for (const target of served) {
      const runs = timings.get(target)!;
      const interactive = median(runs.map((t) => t.interactive));
      const firstPaint = median(runs.map((t) => t.firstPaint));
      const scroll = await scrollFrames(browser, target);
      rows.push({
        build: target.label,
        runs: RUNS,
        firstPaintMs: round(firstPaint),
        interactiveMs: round(interactive),
        interactiveP90Ms: round(
          percentile(
            runs.map((t) => t.interactive),
            90,
          ),
        ),
        enterMs: round(median(runs.map((t) => t.enter))),
        htmlMs: round(median(runs.map((t) => t.responseEnd))),
        domContentLoadedMs: round(median(runs.map((t) => t.domContentLoaded))),
        // diagnostics: what the page made the browser parse and run before it was interactive
        htmlKB: round(median(runs.map((t) => t.htmlBytes)) / 1024),
        rscInlineKB: round(median(runs.map((t) => t.rscInlineBytes)) / 1024),
        scriptKB: round(median(runs.map((t) => t.scriptBytes)) / 1024),
        longTasksMs: round(median(runs.map((t) => t.longTasksMs))),
        scrollP95FrameMs: round(scroll.p95),
        scrollLongestFrameMs: round(scroll.longest),
        editorsAfterScroll: scroll.editors,
        target: `paint ≤ ${FIRST_PAINT_TARGET_MS}, interactive ≤ ${INTERACTIVE_TARGET_MS}`,
        pass: firstPaint <= FIRST_PAINT_TARGET_MS && interactive <= INTERACTIVE_TARGET_MS,
      });
    }
    const traces = process.env.QUIRE_CANVAS_BENCH_TRACE;
    if (traces) for (const target of served) await traceOpen(browser, target, traces);
    console.log(`open a document of ${WORDS_PER_SECTION} words a section (medians of ${RUNS} cold page loads each, alternating)`);
    console.table(rows);
    if (longSections) {
      const ratio = rows[1]!.interactiveMs / rows[0]!.interactiveMs;
      const verdict = ratio <= LONG_DOCUMENT_FACTOR ? 'pass' : 'FAIL';
      console.log(
        `${longSections} sections ÷ ${SECTIONS}, time to interactive: ${round(ratio)}× (target ≤ ${LONG_DOCUMENT_FACTOR}×: ${verdict})`,
      );
      return { rows, longDocument: { sections: longSections, interactiveRatio: round(ratio), pass: ratio <= LONG_DOCUMENT_FACTOR } };
    }
    const comparison = served.length === 2 ? comparePaired(timings.get(served[0])!, timings.get(served[1])!) : undefined;
    if (comparison) {
      console.log(`after − before over ${RUNS} paired loads: median and 95% interval, ms (an interval holding 0 is noise)`);
      console.table(comparison);
    }
    return { rows, comparison };
  } finally {
    await browser?.close();
    for (const target of served) {
      await stop(target.server);
      await target.drop();
    }
  }
}

/** Per measure, after − before over the loads taken in pairs. */
function comparePaired(before: OpenTiming[], after: OpenTiming[]) {
  const measures = { firstPaint: 'firstPaintMs', interactive: 'interactiveMs', enter: 'enterMs', longTasksMs: 'longTasksMs' } as const;
  return Object.entries(measures).map(([key, label]) => {
    const pick = (runs: OpenTiming[]) => runs.map((run) => run[key as keyof typeof measures]);
    const { median: difference, low, high } = pairedDifference(pick(before), pick(after));
    return { measure: label, difference: round(difference), low: round(low), high: round(high) };
  });
}

/** The commit this branch started from, checked out (once) in a worktree under the system's temporary directory. */
function baselineWorktree(): { dir: string; commit: string } {
  const ref = process.env.QUIRE_CANVAS_BASELINE_REF ?? git('merge-base', 'HEAD', 'main');
  const commit = git('rev-parse', ref);
  const dir = path.join(os.tmpdir(), `quire-canvas-baseline-${commit.slice(0, 7)}`);
  if (!existsSync(path.join(dir, 'package.json'))) git('worktree', 'add', '--detach', dir, commit);
  // the same dependencies, hard-linked (no install, no network), and the generated Prisma client
  if (!existsSync(path.join(dir, 'node_modules')))
    execFileSync('cp', ['-al', path.resolve('node_modules'), path.join(dir, 'node_modules')]);
  if (!existsSync(path.join(dir, 'lib/generated')))
    execFileSync('cp', ['-r', path.resolve('lib/generated'), path.join(dir, 'lib/generated')]);
  return { dir, commit };
}

function git(...args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

/** Like bench/quire-server.ts: measure production builds (built once if missing). */
function buildOnce(dir: string) {
  if (existsSync(path.join(dir, '.next/BUILD_ID'))) return;
  const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { cwd: dir, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`next build failed in ${dir}`);
}

async function serve(target: Target): Promise<Served> {
  const pg = await createPostgresDatabase();
  try {
    const env = {
      PORT: String(target.port),
      DATABASE_URL: pg.url,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'quire-canvas-bench-')),
      RATE_LIMIT_PER_MINUTE: '1000000',
    };
    // the server runs in its own checkout: Next serves the build of the directory it starts in
    const start = `cd '${target.dir}' && exec '${process.execPath}' --import tsx scripts/start.ts`;
    const { child } = await spawnUntil('sh', ['-c', start], env, /Quire is serving at/);
    const baseUrl = `http://localhost:${target.port}`;
    const { cookie, email } = await signUp(baseUrl);
    const documentId = await seedDocument(pg.url, email, target.sections);
    return { ...target, server: child, url: `${baseUrl}/documents/${documentId}`, cookie, drop: pg.drop };
  } catch (failure) {
    await pg.drop();
    throw failure;
  }
}

async function signUp(baseUrl: string): Promise<{ cookie: string; email: string }> {
  const email = `canvas-bench-${Date.now()}@example.com`;
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'bench-password', name: 'Canvas Bench' }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!response.ok || !cookie) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return { cookie, email };
}

/** A finished document written straight into the database: no model calls, exactly the size we ask for. */
async function seedDocument(databaseUrl: string, email: string, sections: number): Promise<string> {
  const database = await openDatabase({ databaseUrl, dataDir: '', migrate: false });
  try {
    const db = database.prisma;
    const owner = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
    const document = await db.document.create({
      data: {
        ownerId: owner.id,
        request: 'A long operations manual',
        title: 'Operations manual',
        type: 'report',
        model: 'sim-swift',
        sectionCount: sections,
      },
    });
    await db.documentJob.create({
      data: {
        documentId: document.id,
        status: 'done',
        step: 'done',
        budgetMicros: 2_000_000n,
        sectionsDone: sections,
        finishedAt: new Date(),
      },
    });
    for (let position = 1; position <= sections; position++) {
      const body = canonicalize(sectionBody(position));
      await db.section.create({
        data: {
          documentId: document.id,
          position,
          title: `Part ${position}: warehouse operations`,
          brief: 'Seeded for the canvas benchmark',
          status: 'written',
          version: 1,
          body,
          versions: { create: { version: 1, kind: 'draft', body } },
        },
      });
    }
    return document.id;
  } finally {
    await database.close();
  }
}

const WORDS =
  'the warehouse in Lisbon handles orders every day while pickers and packers keep delivery times short for customers across Portugal and Spain'.split(
    ' ',
  );

/** About WORDS_PER_SECTION words of the canvas subset: paragraphs with marks and citations, a list, a table every fifth section. */
function sectionBody(position: number): string {
  const words = (count: number, seed: number) => Array.from({ length: count }, (_, i) => WORDS[(i * 7 + seed) % WORDS.length]).join(' ');
  const paragraph = (seed: number) =>
    `${capitalize(words(40, seed))} **${words(3, seed + 1)}** and *${words(2, seed + 2)}*[^${(seed % 5) + 1}]. ${capitalize(words(45, seed + 3))}.`;
  const blocks = [`## Overview ${position}`, paragraph(position), paragraph(position + 1)];
  blocks.push([1, 2, 3, 4].map((i) => `- ${capitalize(words(12, position + i))}[^${i}]`).join('\n'));
  blocks.push(paragraph(position + 2), paragraph(position + 3), paragraph(position + 4));
  if (position % 5 === 0)
    blocks.push(['| Metric | Value |', '| --- | --- |', '| Orders per day | 4,200 |', '| Delivery days | 2 |'].join('\n'));
  return blocks.join('\n\n');
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Types into the first editor as soon as it exists; resolves when TipTap has taken the character. */
const PROBE = `(() => {
  let typed = false;
  const tick = () => {
    const editor = document.querySelector('[data-testid="canvas-editor"][contenteditable="true"]');
    if (editor && !typed) {
      window.__canvasEnterAt = performance.now();
      editor.focus();
      document.execCommand('insertText', false, '§');
      typed = true;
    }
    const section = editor && editor.closest('[data-section-id]');
    if (typed && section && section.querySelector('[data-testid="save-state"][data-state="unsaved"]')) {
      window.__canvasInteractiveAt = performance.now();
      return;
    }
    requestAnimationFrame(tick);
  };
  if (location.pathname.startsWith('/documents/')) tick();
})()`;

/** Records the main thread's long tasks (diagnostics only: the probe does not read them). */
const LONG_TASKS = `(() => {
  window.__canvasLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__canvasLongTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
})()`;

interface OpenTiming {
  interactive: number;
  /** from the probe's focus on the first section to TipTap having taken its character: entering, mounting the editor, typing */
  enter: number;
  firstPaint: number;
  /** the HTML's last byte (server render included) */
  responseEnd: number;
  domContentLoaded: number;
  /** the HTML document, decoded */
  htmlBytes: number;
  /** the RSC payload inlined in the HTML (self.__next_f scripts) */
  rscInlineBytes: number;
  /** scripts the browser fetched before it was interactive, decoded */
  scriptBytes: number;
  /** main-thread tasks over 50 ms before it was interactive, summed */
  longTasksMs: number;
}

/** One more load, traced: writes the trace into `directory` and prints where the main thread's time went before interactive. */
async function traceOpen(browser: Browser, target: Served, directory: string) {
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `canvas-trace-${target.label.replace(/\W+/g, '-')}.json`);
  const { interactive } = await openToInteractive(browser, target, file);
  const summary = summarizeMainThread(JSON.parse(readFileSync(file, 'utf8')).traceEvents, interactive);
  console.log(`${target.label}: main thread busy ${round(summary.busyMs)} ms of ${round(interactive)} ms to interactive (trace: ${file})`);
  console.table(summary.byKind.slice(0, 12).map(({ kind, ms }) => ({ kind, ms: round(ms) })));
  console.table(summary.byScript.slice(0, 12).map(({ script, ms }) => ({ script, ms: round(ms) })));
}

const TRACE_CATEGORIES = [
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
];

async function openToInteractive(browser: Browser, target: Served, traceFile?: string): Promise<OpenTiming> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addCookies(cookiesFor(target.cookie, target.url));
    await context.addInitScript(PROBE);
    await context.addInitScript(LONG_TASKS);
    const page = await context.newPage();
    await untilProcessesQuiet(isBrowser);
    if (traceFile) await browser.startTracing(page, { path: traceFile, categories: TRACE_CATEGORIES });
    await page.goto(target.url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      () => (window as unknown as { __canvasInteractiveAt?: number }).__canvasInteractiveAt,
      undefined,
      { timeout: 60_000, polling: 50 },
    );
    const interactive = Number(await handle.jsonValue());
    if (traceFile) await browser.stopTracing();
    const enter = interactive - Number(await page.evaluate(() => (window as unknown as { __canvasEnterAt: number }).__canvasEnterAt));
    const navigation = await page.evaluate((interactiveAt) => {
      const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (resource) => resource.initiatorType === 'script' || (resource.initiatorType === 'link' && resource.name.endsWith('.js')),
      );
      const longTasks = (window as unknown as { __canvasLongTasks?: Array<{ start: number; duration: number }> }).__canvasLongTasks ?? [];
      return {
        responseEnd: entry.responseEnd,
        domContentLoaded: entry.domContentLoadedEventEnd,
        firstPaint: paint?.startTime ?? NaN,
        htmlBytes: entry.decodedBodySize,
        rscInlineBytes: [...document.scripts]
          .filter((script) => !script.src && script.text.includes('self.__next_f'))
          .reduce((sum, script) => sum + script.text.length, 0),
        scriptBytes: scripts
          .filter((resource) => resource.startTime < interactiveAt)
          .reduce((sum, resource) => sum + resource.decodedBodySize, 0),
        longTasksMs: longTasks.filter((task) => task.start < interactiveAt).reduce((sum, task) => sum + task.duration, 0),
      };
    }, interactive);
    // closed before the idle save: every run opens the same, unedited document
    return { interactive, enter, ...navigation };
  } finally {
    await context.close();
  }
}

/** Scrolls the page's scroll container to the bottom in steps, recording frame times. */
async function scrollFrames(browser: Browser, target: Served): Promise<{ frames: number; p95: number; longest: number; editors: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addCookies(cookiesFor(target.cookie, target.url));
    const page = await context.newPage();
    await page.goto(target.url);
    await page.locator('[data-testid="canvas-editor"][contenteditable="true"]').first().waitFor();
    const frames = await page.evaluate(async () => {
      const scroller = document.querySelector('[data-testid="canvas"]')?.closest('.overflow-y-auto') as HTMLElement;
      const times: number[] = [];
      let last = performance.now();
      while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 2) {
        scroller.scrollTop += 120;
        await new Promise(requestAnimationFrame);
        const now = performance.now();
        times.push(now - last);
        last = now;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      return times;
    });
    // sections with a mounted editor (both builds mark them data-live="true"; static ones wear the editor's test id too)
    const editors = await page.locator('[data-live="true"]').count();
    return { frames: frames.length, p95: percentile(frames, 95), longest: Math.max(...frames), editors };
  } finally {
    await context.close();
  }
}

export function cookiesFor(header: string, url: string) {
  const baseUrl = new URL(url).origin;
  return header.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runCanvasBenchmark();
}
