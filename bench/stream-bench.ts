/**
 * Streaming cost and the burst (issue 15), side by side in one run, every
 * server in its own process on the same scripted upstream (bench/peers):
 * - a bare Node pass-through proxy (the floor),
 * - the AI SDK's template route (`streamText(...).toUIMessageStreamResponse()`, no billing),
 * - Quire at the baseline commit (a built copy under /tmp, see baseline.ts),
 * - Quire as in this working tree.
 * CPU is read from /proc (utime+stime per chunk; all threads' schedstat for the
 * few ms between Send and the upstream request); event-loop delay from a
 * preloaded perf_hooks probe.
 */
import { existsSync, readFileSync, mkdtempSync } from 'node:fs';
import { spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '@/tests/support/test-database';
import { baselineCommit, prepareBaseline } from './baseline';
import { processCpuMs, rssMb, threadCpuNs } from './proc-stats';
import { median, percentile, round, spawnUntil, stop } from './support';

const PORTS = { upstream: 3450, proxy: 3451, template: 3452, quire: 3453, baseline: 3454 } as const;
const LOOP_PROBE = path.resolve('bench/peers/loop-probe.mjs');
/**
 * A burst's median moves by 10 ms or more between rounds on a 2-core machine (a garbage collection
 * or the database's checkpoint in the middle of it): six rounds, taken in alternating server order.
 */
const BURST_ROUNDS = 6;
const BENCH_MODEL = { id: 'bench', label: 'Bench', contextWindow: 128_000, maxOutputTokens: 4096, inputPrice: 1, outputPrice: 2 };
/** the second model of a side-by-side pair: the same upstream and script, another answer */
const BENCH_MODEL_B = { ...BENCH_MODEL, id: 'bench-b', label: 'Bench B' };
/** A side-by-side pair costs at most this many times one answer's server CPU (issue: side by side). */
const PAIR_CPU_TARGET = 2.2;

type Send = (signal?: AbortSignal) => Promise<Response>;

export interface Peer {
  name: string;
  child: ChildProcess;
  /** `n` ready senders, one per concurrent answer (Quire: one fresh chat each) */
  senders(n: number): Promise<Send[]>;
  /** `n` ready senders of a message answered side by side by two models (Quire: one fresh chat each) */
  pairSenders?(n: number): Promise<Send[]>;
  /** a `data:` payload carrying answer text */
  isText(payload: string): boolean;
  loopFile: string;
  close?(): Promise<void>;
}

export interface Script {
  chunks: number;
  chunkChars: number;
  delayMs: number;
}

export class Upstream {
  constructor(
    readonly url: string,
    readonly child: ChildProcess,
  ) {}
  static async start(port: number = PORTS.upstream): Promise<Upstream> {
    const { child, match } = await spawnUntil(
      process.execPath,
      ['--import', 'tsx', 'bench/peers/scripted-upstream.ts', '--port', String(port)],
      {},
      /upstream at (\S+)/,
    );
    return new Upstream(match[1]!, child);
  }
  async script(s: Script) {
    await fetch(`${this.url.replace(/\/v1$/, '')}/_script`, { method: 'POST', body: JSON.stringify(s) });
  }
  async watch(pid: number | null) {
    await fetch(`${this.url.replace(/\/v1$/, '')}/_watch`, { method: 'POST', body: JSON.stringify({ pid }) });
  }
  async arrivals(): Promise<Array<{ at: number; serverCpuNs: number | null; closedAt: number | null }>> {
    return (await fetch(`${this.url.replace(/\/v1$/, '')}/_arrivals`)).json();
  }
  /** the same request sent straight to the upstream: the "direct" side of every added-latency figure */
  direct: Send = (signal) =>
    fetch(`${this.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(openAiBody()),
      signal,
    });
}

const GREETING = 'hello there, what can you do?';
const openAiBody = () => ({
  model: 'bench',
  stream: true,
  stream_options: { include_usage: true },
  messages: [{ role: 'user', content: GREETING }],
});
const openAiText = (p: string) => /"content":"[^"]/.test(p);

function probeFile(name: string) {
  return path.join(mkdtempSync(path.join(os.tmpdir(), `quire-loop-${name}-`)), 'loop.json');
}

export async function startProxy(upstream: Upstream): Promise<Peer> {
  const loopFile = probeFile('proxy');
  const { child } = await spawnUntil(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      LOOP_PROBE,
      'bench/peers/pass-through-proxy.ts',
      '--port',
      String(PORTS.proxy),
      '--upstream',
      upstream.url,
    ],
    { LOOP_PROBE_FILE: loopFile },
    /proxy at/,
  );
  const send: Send = (signal) =>
    fetch(`http://127.0.0.1:${PORTS.proxy}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(openAiBody()),
      signal,
    });
  return { name: 'bare proxy', child, loopFile, isText: openAiText, senders: async (n) => Array.from({ length: n }, () => send) };
}

export async function startTemplate(upstream: Upstream): Promise<Peer> {
  const loopFile = probeFile('template');
  const { child } = await spawnUntil(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      LOOP_PROBE,
      'bench/peers/template-route.ts',
      '--port',
      String(PORTS.template),
      '--upstream',
      upstream.url,
    ],
    { LOOP_PROBE_FILE: loopFile },
    /template at/,
  );
  const body = JSON.stringify({ messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: GREETING }] }] });
  const send: Send = (signal) =>
    fetch(`http://127.0.0.1:${PORTS.template}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal });
  return {
    name: 'AI SDK template',
    child,
    loopFile,
    isText: (p) => p.includes('"text-delta"'),
    senders: async (n) => Array.from({ length: n }, () => send),
  };
}

/** Quire's production server (scripts/start.ts on a built tree) on a fresh PostgreSQL database. */
export async function startQuire(name: string, dir: string, port: number, upstream: Upstream, extraNodeArgs: string[] = []): Promise<Peer> {
  const pg = await createPostgresDatabase();
  const loopFile = probeFile(name.replace(/\W+/g, '-'));
  try {
    const { child } = await spawnUntil(
      process.execPath,
      [...extraNodeArgs, '--import', 'tsx', '--import', LOOP_PROBE, 'scripts/start.ts'],
      {
        PORT: String(port),
        DATABASE_URL: pg.url,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'quire-bench-')),
        LLM_BASE_URL: upstream.url,
        LLM_MODELS: JSON.stringify([BENCH_MODEL, BENCH_MODEL_B]),
        RATE_LIMIT_PER_MINUTE: '1000000',
        STARTING_CREDITS: '1000000000000',
        SIGNUP: 'open',
        LOOP_PROBE_FILE: loopFile,
      },
      /Quire is serving at/,
      300_000,
      dir,
    );
    const url = `http://localhost:${port}`;
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'bench-password', name: 'Bench' }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    if (!signUp.ok || !cookie) throw new Error(`sign-up on ${name} failed: ${signUp.status} ${await signUp.text()}`);
    const senders = (n: number, body: string) =>
      Promise.all(
        Array.from({ length: n }, async (): Promise<Send> => {
          const res = await fetch(`${url}/api/chats`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: '{}',
          });
          const { id } = (await res.json()) as { id: string };
          return (signal) =>
            fetch(`${url}/api/chats/${id}/messages`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie },
              body,
              signal,
            });
        }),
      );
    return {
      name,
      child,
      loopFile,
      isText: (p) => p.includes('"text-delta"'),
      senders: (n) => senders(n, JSON.stringify({ text: GREETING })),
      pairSenders: (n) => senders(n, JSON.stringify({ text: GREETING, model: BENCH_MODEL.id, compare: [BENCH_MODEL_B.id] })),
      close: async () => {
        await stop(child);
        await pg.drop();
      },
    };
  } catch (error) {
    await pg.drop();
    throw error;
  }
}

/** Event-loop delay since the last call (the probe resets on each read). */
async function readLoop(peer: Peer): Promise<{ maxMs: number; p99Ms: number }> {
  peer.child.kill('SIGUSR2');
  await sleep(100);
  try {
    return JSON.parse(readFileSync(peer.loopFile, 'utf8'));
  } catch {
    return { maxMs: NaN, p99Ms: NaN };
  }
}

export interface Reading {
  ttftMs: number;
  text: string;
  doneMs: number;
  /** the response's Server-Timing (Quire's phases before the model call) */
  serverTiming: string | null;
}

/** The `data:` payloads of a server-sent event stream as they arrive; leaving the loop early cancels the stream. */
async function* ssePayloads(res: Response): AsyncGenerator<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const events = buffer.split('\n\n');
      buffer = events.pop()!;
      for (const event of events) if (event.startsWith('data: ')) yield event.slice(6);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** Sends and reads the answer; resolves at its end with the time of its first text and the text itself. */
export async function read(send: Send, isText: (p: string) => boolean, opts: { stopAtFirst?: AbortController } = {}): Promise<Reading> {
  const start = performance.now();
  const res = await send(opts.stopAtFirst?.signal);
  if (!res.ok) throw new Error(`send failed: ${res.status} ${await res.text()}`);
  let ttftMs = NaN;
  let text = '';
  for await (const payload of ssePayloads(res)) {
    if (!isText(payload)) continue;
    if (Number.isNaN(ttftMs)) ttftMs = performance.now() - start;
    const parsed = JSON.parse(payload) as { delta?: string; choices?: Array<{ delta?: { content?: string } }> };
    text += parsed.delta ?? parsed.choices?.[0]?.delta?.content ?? '';
    if (opts.stopAtFirst) {
      opts.stopAtFirst.abort();
      break;
    }
  }
  return { ttftMs, text, doneMs: performance.now() - start, serverTiming: res.headers.get('server-timing') };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Pairs (i < j) whose first tokens came in the opposite order to their sends, as a share of all pairs. */
function outOfOrderShare(ttfts: number[]): number {
  let inverted = 0;
  let pairs = 0;
  for (let i = 0; i < ttfts.length; i++) for (let j = i + 1; j < ttfts.length; j++, pairs++) if (ttfts[j]! < ttfts[i]!) inverted++;
  return pairs ? inverted / pairs : 0;
}

export async function cpuPerChunk(
  peer: Peer,
  upstream: Upstream,
  script: Script,
  concurrent: number,
): Promise<{ msPerChunk: number; textIntact: boolean; loopMaxMs: number }> {
  await upstream.script(script);
  const senders = await peer.senders(concurrent);
  await readLoop(peer);
  const before = processCpuMs(peer.child.pid!);
  const readings = await Promise.all(senders.map((s) => read(s, peer.isText)));
  const cpu = processCpuMs(peer.child.pid!) - before;
  const loop = await readLoop(peer);
  return {
    msPerChunk: cpu / (concurrent * script.chunks),
    textIntact: readings.every((r) => r.text.length === script.chunks * script.chunkChars),
    loopMaxMs: loop.maxMs,
  };
}

/** Reads a whole answer (a side-by-side round's other answer included): every character of text it carried. */
async function readAllText(send: Send): Promise<number> {
  const res = await send();
  if (!res.ok) throw new Error(`send failed: ${res.status} ${await res.text()}`);
  let chars = 0;
  for await (const payload of ssePayloads(res)) {
    if (!payload.startsWith('{')) continue;
    const chunk = JSON.parse(payload) as { type: string; delta?: string; data?: { text?: string } };
    if (chunk.type === 'text-delta') chars += chunk.delta!.length;
    else if (chunk.type === 'data-side') chars += chunk.data?.text?.length ?? 0;
  }
  return chars;
}

export interface PairCpu {
  /** server CPU of `concurrent` answers at once, each alone in its chat, ms (median over the rounds) */
  singleMs: number;
  /** server CPU of `concurrent` side-by-side pairs at once (two answers each, of the same length), ms */
  pairMs: number;
  /** pair ÷ single, the median over the rounds (each round measures both, back to back) */
  ratio: number;
  rounds: Array<{ singleMs: number; pairMs: number; idleMsPerS: number }>;
  textIntact: boolean;
}

/**
 * What a side-by-side pair costs the server against one answer: `concurrent` fresh chats each sent one
 * message answered by one model, and as many answered by two at once (every answer the same script), back
 * to back in each round, in alternating order; the process's CPU (all threads) from the sends until the
 * last answer's bookkeeping is done, less what the same process burns idle over as long (measured before
 * each round), so the quiet time counts for neither. One round first warms both paths up, unrecorded.
 */
export async function sideBySideCpu(
  peer: Peer,
  upstream: Upstream,
  { concurrent = 4, rounds = 8, script = { chunks: 1000, chunkChars: 4, delayMs: 1 } } = {},
): Promise<PairCpu> {
  const pairSenders = peer.pairSenders;
  if (!pairSenders) throw new Error(`${peer.name} does not answer side by side`);
  const pid = peer.child.pid!;
  await upstream.script(script);
  const answerChars = script.chunks * script.chunkChars;
  const measured: PairCpu['rounds'] = [];
  let textIntact = true;
  for (let r = -1; r < rounds; r++) {
    await sleep(300);
    const idleFrom = threadCpuNs(pid);
    const idleAt = performance.now();
    await sleep(1000);
    const idlePerMs = (threadCpuNs(pid) - idleFrom) / 1e6 / (performance.now() - idleAt);
    const round = { singleMs: 0, pairMs: 0, idleMsPerS: idlePerMs * 1000 };
    for (const pairs of r % 2 ? [true, false] : [false, true]) {
      const senders = await (pairs ? pairSenders(concurrent) : peer.senders(concurrent));
      await sleep(300); // the chats' creation is done; the server is idle
      const before = threadCpuNs(pid);
      const startedAt = performance.now();
      const chars = await Promise.all(senders.map(readAllText));
      // a commit from before side by side takes the message and ignores `compare`: one answer each, nothing to compare
      if (pairs && chars.every((n) => n === answerChars)) throw new Error(`${peer.name} answered one model, not two`);
      await sleep(400); // each answer's last settlement and save (a burst's bookkeeping waits up to 250 ms)
      const ms = (threadCpuNs(pid) - before) / 1e6 - idlePerMs * (performance.now() - startedAt);
      if (pairs) round.pairMs = ms;
      else round.singleMs = ms;
      textIntact &&= chars.every((n) => n === (pairs ? 2 : 1) * answerChars);
    }
    if (r >= 0) measured.push(round);
  }
  return {
    singleMs: median(measured.map((m) => m.singleMs)),
    pairMs: median(measured.map((m) => m.pairMs)),
    ratio: median(measured.map((m) => m.pairMs / m.singleMs)),
    rounds: measured,
    textIntact,
  };
}

const pairRows = <K extends string>(cell: (f: (v: PairCpu) => number | string) => Record<K, number | string>) => [
  { measure: 'side by side: server CPU, 4 single answers at once, ms (median)', ...cell((v) => round(v.singleMs, 1)) },
  { measure: 'side by side: server CPU, 4 pairs at once, ms (median)', ...cell((v) => round(v.pairMs, 1)) },
  {
    measure: 'side by side: server CPU of a pair ÷ one answer (median of the rounds)',
    ...cell((v) => `${round(v.ratio, 2)}×`),
    target: `≤ ${PAIR_CPU_TARGET}×`,
  },
  { measure: 'side by side: text shown == upstream text', ...cell((v) => (v.textIntact ? 'yes' : 'NO')) },
];

/**
 * `npm run bench -- side-by-side`: only the side-by-side measure of the streaming benchmark, on Quire as in
 * this working tree (the streaming benchmark measures it at the baseline too): each round's figures, and
 * the ratio against its target.
 */
export async function runSideBySideBenchmark() {
  const progress = (line: string) => console.error(`[side-by-side] ${line}`);
  if (!existsSync('.next/BUILD_ID')) {
    const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('next build failed');
  }
  const upstream = await Upstream.start();
  let quire: Peer | undefined;
  try {
    quire = await startQuire('Quire now', process.cwd(), PORTS.quire, upstream);
    await upstream.script({ chunks: 20, chunkChars: 4, delayMs: 0 });
    for (const s of [...(await quire.senders(3)), ...(await quire.pairSenders!(3))]) await readAllText(s);
    progress('server CPU: 4 answers at once against 4 side-by-side pairs at once, 1,000 chunks of 4 characters each, 8 rounds');
    const measured = await sideBySideCpu(quire, upstream);
    // bench/run.ts prints both tables
    const table = pairRows((f) => ({ 'Quire now': f(measured) }));
    const rounds = measured.rounds.map((r) => ({
      singleMs: round(r.singleMs, 1),
      pairMs: round(r.pairMs, 1),
      ratio: round(r.pairMs / r.singleMs, 2),
      idleMsPerS: round(r.idleMsPerS, 1),
    }));
    return { table, rounds };
  } finally {
    await (quire?.close?.() ?? stop(quire?.child));
    await stop(upstream.child);
  }
}

export async function runStreamBenchmark(argv: string[] = process.argv.slice(2)) {
  const progress = (line: string) => console.error(`[stream] ${line}`);
  const commit = baselineCommit(argv);
  const baselineDir = prepareBaseline(commit, progress);
  if (!existsSync('.next/BUILD_ID')) {
    const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('next build failed');
  }
  const upstream = await Upstream.start();
  const peers: Peer[] = [];
  try {
    progress('starting the proxy, the template route, Quire at the baseline and Quire now');
    peers.push(await startProxy(upstream));
    peers.push(await startTemplate(upstream));
    peers.push(await startQuire(`Quire ${commit.slice(0, 8)}`, baselineDir, PORTS.baseline, upstream));
    peers.push(await startQuire('Quire now', process.cwd(), PORTS.quire, upstream));
    const by = <T>(f: (p: Peer) => T) => Object.fromEntries(peers.map((p) => [p.name, f(p)]));

    // warm-up: the first request of each server compiles routes and opens pools
    await upstream.script({ chunks: 20, chunkChars: 4, delayMs: 0 });
    for (const peer of peers) for (const s of await peer.senders(3)) await read(s, peer.isText);

    progress('CPU per streamed chunk: 2,000 chunks of 4 characters, 4 answers at once, 2 rounds');
    const chunk = { chunks: 2000, chunkChars: 4, delayMs: 1 };
    const perChunk = new Map<Peer, number[]>();
    const intact = new Map<Peer, boolean>();
    const chunkLoop = new Map<Peer, number>();
    for (let r = 0; r < 2; r++) {
      for (const peer of r % 2 ? [...peers].reverse() : peers) {
        const m = await cpuPerChunk(peer, upstream, chunk, 4);
        perChunk.set(peer, [...(perChunk.get(peer) ?? []), m.msPerChunk]);
        intact.set(peer, (intact.get(peer) ?? true) && m.textIntact);
        chunkLoop.set(peer, Math.max(chunkLoop.get(peer) ?? 0, m.loopMaxMs));
      }
    }

    progress('side by side: server CPU of 4 pairs against 4 single answers of the same length (8 rounds)');
    const pairCpu = new Map<Peer, PairCpu>();
    for (const peer of peers) {
      if (!peer.pairSenders) continue;
      // a baseline from before side by side refuses `compare`: its cells stay empty
      await sideBySideCpu(peer, upstream).then(
        (measured) => pairCpu.set(peer, measured),
        (error: unknown) => progress(`${peer.name}: no side-by-side figures (${error})`),
      );
    }

    progress('added time to first token, one at a time (30 each)');
    await upstream.script({ chunks: 10, chunkChars: 4, delayMs: 0 });
    const one = new Map<Peer, number[]>();
    const oneDirect: number[] = [];
    for (let i = 0; i < 30; i++) {
      oneDirect.push((await read(upstream.direct, openAiText)).ttftMs);
      for (const peer of peers) {
        const [s] = await peer.senders(1);
        one.set(peer, [...(one.get(peer) ?? []), (await read(s!, peer.isText)).ttftMs]);
      }
    }

    const bursts: Record<number, { added: Map<Peer, number[]>; order: Map<Peer, number[]>; loop: Map<Peer, number> }> = {};
    for (const n of [20, 50]) {
      progress(`added time to first token, ${n} sends in the same millisecond (${BURST_ROUNDS} rounds)`);
      const added = new Map<Peer, number[]>();
      const order = new Map<Peer, number[]>();
      const loop = new Map<Peer, number>();
      for (let r = 0; r < BURST_ROUNDS; r++) {
        const direct = await Promise.all(Array.from({ length: n }, () => read(upstream.direct, openAiText)));
        const directMedian = median(direct.map((d) => d.ttftMs));
        for (const peer of r % 2 ? [...peers].reverse() : peers) {
          const senders = await peer.senders(n);
          await sleep(200);
          await readLoop(peer);
          const readings = await Promise.all(senders.map((s) => read(s, peer.isText)));
          loop.set(peer, Math.max(loop.get(peer) ?? 0, (await readLoop(peer)).maxMs));
          added.set(peer, [...(added.get(peer) ?? []), ...readings.map((x) => x.ttftMs - directMedian)]);
          order.set(peer, [...(order.get(peer) ?? []), outOfOrderShare(readings.map((x) => x.ttftMs))]);
        }
      }
      bursts[n] = { added, order, loop };
    }

    progress('server CPU from Send to the upstream request (2 rounds of 25 sends each, one at a time)');
    await upstream.script({ chunks: 1, chunkChars: 4, delayMs: 0 });
    const sendCpu = new Map<Peer, number[]>();
    const sendWall = new Map<Peer, number[]>();
    const phases = new Map<Peer, Map<string, number[]>>();
    // a send costs a few ms and a garbage collection now and then costs more: enough sends, in two rounds
    // that take the servers in opposite orders, keep one collection or a busy moment from moving the median
    for (let r = 0; r < 2; r++) {
      for (const peer of r % 2 ? [...peers].reverse() : peers) {
        await upstream.watch(peer.child.pid!);
        const byPhase = phases.get(peer) ?? new Map<string, number[]>();
        for (const s of await peer.senders(25)) {
          await sleep(50); // the last answer's bookkeeping is done; the server is idle
          const before = threadCpuNs(peer.child.pid!);
          const sentAt = Date.now();
          const reading = await read(s, peer.isText);
          const arrival = (await upstream.arrivals()).at(-1)!;
          sendCpu.set(peer, [...(sendCpu.get(peer) ?? []), (arrival.serverCpuNs! - before) / 1e6]);
          sendWall.set(peer, [...(sendWall.get(peer) ?? []), arrival.at - sentAt]);
          for (const [, name, ms] of (reading.serverTiming ?? '').matchAll(/([\w-]+);dur=([\d.]+)/g))
            byPhase.set(name!, [...(byPhase.get(name!) ?? []), Number(ms)]);
        }
        if (byPhase.size) phases.set(peer, byPhase);
      }
    }
    await upstream.watch(null);

    progress('memory: RSS growth with 100 answers streaming at once');
    await upstream.script({ chunks: 600, chunkChars: 4, delayMs: 10 });
    const rss = new Map<Peer, number>();
    const rssAtRest = new Map<Peer, number>();
    for (const peer of peers) {
      const senders = await peer.senders(100);
      await sleep(300);
      const before = rssMb(peer.child.pid!);
      rssAtRest.set(peer, before);
      const aborts = senders.map(() => new AbortController());
      let started = 0;
      let failure: unknown = null;
      const all = senders.map(async (s, i) => {
        try {
          const res = await s(aborts[i]!.signal);
          const reader = res.body!.getReader();
          await reader.read();
          started++;
          while (!(await reader.read().catch(() => ({ done: true }))).done);
        } catch (error) {
          // counted, not thrown from a promise nobody awaits yet: that would kill the run and orphan every server
          failure ??= error;
          started++;
        }
      });
      while (started < senders.length) await sleep(20);
      await sleep(500);
      rss.set(peer, rssMb(peer.child.pid!) - before);
      for (const a of aborts) a.abort();
      await Promise.allSettled(all);
      if (failure) throw new Error(`${peer.name}: an answer of the 100 failed`, { cause: failure });
      await sleep(1000);
    }

    progress('Stop: client abort → upstream connection closed (15 each)');
    await upstream.script({ chunks: 2000, chunkChars: 4, delayMs: 10 });
    const stops = new Map<Peer, number[]>();
    for (const peer of peers) {
      const samples: number[] = [];
      for (const s of await peer.senders(15)) {
        const abort = new AbortController();
        await read(s, peer.isText, { stopAtFirst: abort });
        const abortedAt = Date.now();
        for (let j = 0; j < 100; j++) {
          const closedAt = (await upstream.arrivals()).at(-1)?.closedAt;
          if (closedAt) {
            samples.push(closedAt - abortedAt);
            break;
          }
          await sleep(10);
        }
      }
      stops.set(peer, samples);
    }

    const cell = <T>(m: Map<Peer, T>, f: (v: T) => number | string) => by((p) => (m.has(p) ? f(m.get(p)!) : '—'));
    const table = [
      { measure: 'server CPU per upstream chunk, ms', ...cell(perChunk, (v) => round(median(v), 4)), target: '≤ 2× proxy, ≤ ½ template' },
      { measure: 'text shown == upstream text', ...cell(intact, (v) => (v ? 'yes' : 'NO')) },
      { measure: 'event loop max while streaming, ms', ...cell(chunkLoop, (v) => round(v, 1)) },
      ...pairRows((f) => cell(pairCpu, f)),
      { measure: 'server CPU Send → upstream request, ms (median)', ...cell(sendCpu, (v) => round(median(v), 2)), target: '≤ 3' },
      { measure: 'wall time Send → upstream request, ms (median)', ...cell(sendWall, (v) => round(median(v), 1)) },
      {
        measure: 'phases before the model call (Server-Timing), ms (median)',
        ...cell(phases, (v) => [...v].map(([name, ms]) => `${name} ${round(median(ms), 1)}`).join(', ')),
      },
      { measure: 'added TTFT, one at a time, ms (median)', ...cell(one, (v) => round(median(v) - median(oneDirect), 1)), target: '≤ 10' },
      {
        measure: 'added TTFT, 20 at once, ms (median / p95)',
        ...cell(bursts[20]!.added, (v) => `${round(median(v))} / ${round(percentile(v, 95))}`),
        target: '≤ 40 / ≤ 120',
      },
      {
        measure: 'added TTFT, 50 at once, ms (median / p95)',
        ...cell(bursts[50]!.added, (v) => `${round(median(v))} / ${round(percentile(v, 95))}`),
        target: 'p95 ≤ 250',
      },
      { measure: '50 at once: first tokens out of send order, % of pairs', ...cell(bursts[50]!.order, (v) => round(100 * median(v))) },
      { measure: '50 at once: event loop max, ms', ...cell(bursts[50]!.loop, (v) => round(v, 1)), target: 'a few ms' },
      { measure: 'RSS growth per 100 live answers, MB', ...cell(rss, (v) => round(v)) },
      { measure: 'server RSS at rest after the runs above, MB', ...cell(rssAtRest, (v) => round(v, 0)) },
      {
        measure: 'Stop → upstream closed, ms (median / p95)',
        ...cell(stops, (v) => `${round(median(v))} / ${round(percentile(v, 95))}`),
        target: 'p95 ≤ 50',
      },
    ];
    console.table(table);
    return { baseline: commit, table };
  } finally {
    for (const peer of peers.reverse()) await (peer.close?.() ?? stop(peer.child));
    await stop(upstream.child);
  }
}
