/**
 * Scale: does Quire stay as fast for a person with years of history, on a server with
 * hundreds of other people, as it is with a few chats? One production server on its own
 * PostgreSQL database (bench/quire-server.ts) is measured with the small tier seeded,
 * then again after the big one is added (bench/scale-seed.ts: the person's 3,000 chats
 * and a 4,000-message chat, 300 others' 60,000 chats and 600,000 messages), and with
 * `--huge` after the 10× tier (6 M messages; this tree only). With `--baseline <commit>`
 * the commit is measured the same way first, on a database of its own seeded alike.
 *
 * Every figure is a request's whole wall time (the body read to its end), as the person
 * or as staff; a send is its time to the first token. In Chromium: the long chat page's
 * first contentful paint, HTML size and frame times while scrolling the conversation up.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { chromium, type Browser } from '@playwright/test';
import pg from 'pg';
import { CHROMIUM_ARGS, chromiumExecutable } from '@/scripts/find-chromium';
import { baselineCommit, prepareBaseline } from './baseline';
import { cookiesFor } from './canvas-bench';
import { type BenchStack, signUpStaff, startBenchStack } from './quire-server';
import { LONG_CHAT_ID, SEARCH_WORD, SMALL_CHAT_ID, seedTier, type Tier } from './scale-seed';
import { median, percentile, round } from './support';

const SAMPLES = 20; // per GET, after 2 warm-ups
const SENDS = 8; // per kind of send, alternating long chat and new chat
const PAGE_LOADS = 5; // Chromium loads of the long chat page per tier
const DEEP_PAGE = 30; // `GET /api/chats` page followed to by its Link header
const STAFF_EMAIL = 'staff@scale.example.com';
const TARGETS = { growth: 3, underMs: 150, htmlKb: 300, sendRatio: 1.2 };

type Samples = number[] | null; // null: the server has no such route or link (the baseline's lists are not paged)
type TierResult = { times: Record<string, Samples>; htmlKb: number; firstPaint: number[]; frames: number[]; notes: string[] };

const log = (line: string) => console.error(`[scale] ${line}`);

export async function runScaleBenchmark(argv: string[] = process.argv.slice(2)) {
  const huge = argv.includes('--huge');
  const commit = argv.includes('--baseline') ? baselineCommit(argv) : null;
  const baselineDir = commit ? prepareBaseline(commit, log) : null;
  if (!existsSync('.next/BUILD_ID')) {
    const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('next build failed');
  }
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const seedSeconds: Array<Record<string, string | number>> = [];
    const notes: Array<{ server: string; tier: Tier; note: string }> = [];
    const result: Record<string, unknown> = { baseline: commit, seedSeconds, notes };
    const sides = [
      ...(commit ? [{ name: `before (${commit.slice(0, 8)})`, dir: baselineDir!, tiers: ['small', 'big'] as Tier[], port: 3460 }] : []),
      { name: 'after (this tree)', dir: undefined, tiers: ['small', 'big', ...(huge ? ['huge' as const] : [])] as Tier[], port: 3461 },
    ];
    for (const side of sides) {
      log(`${side.name}: starting the server`);
      const stack = await startBenchStack({ tokenDelayMs: 1, port: side.port, dir: side.dir, env: { STAFF_EMAILS: STAFF_EMAIL } });
      try {
        const staff = await signUpStaff(stack, STAFF_EMAIL);
        const personId = await userId(stack.databaseUrl, stack.email);
        const measured: Partial<Record<Tier, TierResult>> = {};
        const seconds: Record<string, number> = {};
        for (const tier of side.tiers) {
          log(`${side.name}: seeding the ${tier} tier`);
          seconds[tier] = round(await seedTier(stack.databaseUrl, tier, personId, log));
          log(`${side.name}: measuring the ${tier} tier (seeded in ${seconds[tier]} s)`);
          measured[tier] = await measureTier(stack, staff, browser);
          notes.push(...measured[tier].notes.map((note) => ({ server: side.name, tier, note })));
        }
        seedSeconds.push({ server: side.name, ...seconds });
        result[side.name] = table(measured);
      } finally {
        await stack.close();
      }
    }
    return result;
  } finally {
    await browser.close();
  }
}

async function userId(databaseUrl: string, email: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ id: string }>('SELECT id FROM "user" WHERE email = $1', [email])).rows[0]!.id;
  } finally {
    await client.end();
  }
}

async function measureTier(stack: BenchStack, staff: string, browser: Browser): Promise<TierResult> {
  const person = stack.cookie;
  const get = (url: string, cookie = person) => timed(stack, url, cookie);
  const deep = await deepPage(stack, '/api/chats');
  const times: Record<string, Samples> = {
    'GET /api/chats': await get('/api/chats'),
    [`GET /api/chats page ${DEEP_PAGE} (Link rel=next)`]: deep ? await get(deep) : null,
    [`GET /api/chats?q=${SEARCH_WORD}`]: await get(`/api/chats?q=${SEARCH_WORD}`),
    'GET /api/chats/:id long chat': await get(`/api/chats/${LONG_CHAT_ID}`),
    'GET /api/chats/:id small chat': await get(`/api/chats/${SMALL_CHAT_ID}`),
    'GET /chats/:id long chat (HTML)': await get(`/chats/${LONG_CHAT_ID}`),
    'GET /api/ledger': await get('/api/ledger'),
    'GET /api/credits': await get('/api/credits'),
    'GET /api/documents': await get('/api/documents'),
    'staff: GET /api/staff/transcripts': await get('/api/staff/transcripts', staff),
    'staff: GET /api/staff/transcripts?status=truncated': await get('/api/staff/transcripts?status=truncated', staff),
    'staff: GET /api/staff/transcripts/:id long chat': await get(`/api/staff/transcripts/${LONG_CHAT_ID}`, staff),
    ...(await sends(stack)),
  };
  const html = await fetch(`${stack.quireUrl}/chats/${LONG_CHAT_ID}`, { headers: { cookie: person } });
  const htmlKb = (await html.arrayBuffer()).byteLength / 1024;
  return { times, htmlKb, ...(await inChromium(stack, browser)) };
}

/** Wall times of SAMPLES GETs (body read), after two warm-ups; null when the route is not there. */
async function timed(stack: BenchStack, url: string, cookie: string): Promise<Samples> {
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES + 2; i++) {
    const start = performance.now();
    const res = await fetch(`${stack.quireUrl}${url}`, { headers: { cookie }, redirect: 'manual' });
    await res.arrayBuffer();
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
    if (i >= 2) samples.push(performance.now() - start);
  }
  return samples;
}

/**
 * The page DEEP_PAGE of a list, reached through its `Link: rel="next"` headers, or the last
 * page when there are fewer (the small tier's only page); null when the list has no Link at all.
 */
async function deepPage(stack: BenchStack, first: string): Promise<string | null> {
  let url = first;
  for (let page = 1; page < DEEP_PAGE; page++) {
    const res = await fetch(`${stack.quireUrl}${url}`, { headers: { cookie: stack.cookie } });
    await res.arrayBuffer();
    const next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
    if (!next) return page === 1 && !(await hasPaging(stack)) ? null : url;
    url = next;
  }
  return url;
}

/** Whether the server pages lists at all: `?limit=1` over two chats answers with a Link. */
async function hasPaging(stack: BenchStack): Promise<boolean> {
  const res = await fetch(`${stack.quireUrl}/api/chats?limit=1`, { headers: { cookie: stack.cookie } });
  await res.arrayBuffer();
  return res.headers.has('link');
}

/** Time to first token of SENDS messages in the long chat and SENDS first messages of new chats, alternating. */
async function sends(stack: BenchStack): Promise<Record<string, number[]>> {
  const long: number[] = [];
  const fresh: number[] = [];
  const post = (url: string, body: unknown) =>
    fetch(`${stack.quireUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: stack.cookie, origin: stack.quireUrl },
      body: JSON.stringify(body),
    });
  const send = async (chatId: string): Promise<number> => {
    const start = performance.now();
    const res = await post(`/api/chats/${chatId}/messages`, { text: 'hello there, what can you do?' });
    if (!res.ok) throw new Error(`send failed: ${res.status} ${await res.text()}`);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let ttft = NaN;
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (Number.isNaN(ttft) && text.includes('"text-delta"')) ttft = performance.now() - start;
    }
    await untilFree(stack, chatId); // the next send must not meet this turn still holding the chat
    return ttft;
  };
  for (let i = 0; i < SENDS + 1; i++) {
    const { id } = (await (await post('/api/chats', {})).json()) as { id: string };
    const a = await send(LONG_CHAT_ID);
    const b = await send(id);
    if (i === 0) continue; // the first pair warms the route
    long.push(a);
    fresh.push(b);
  }
  return { 'send: time to first token, long chat': long, 'send: time to first token, new chat': fresh };
}

async function untilFree(stack: BenchStack, chatId: string) {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    // read from the database, not GET /api/chats/:id: at the baseline that GET is what is being measured, 4,000 messages long
    for (let i = 0; i < 200; i++) {
      const { rows } = await client.query<{ live: string | null }>('SELECT "liveTurnId" AS live FROM chat WHERE id = $1', [chatId]);
      if (!rows[0]?.live) return;
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    await client.end();
  }
}

/** First contentful paint of the long chat page (cold: a new browser context each load), and frame times scrolling it up. */
async function inChromium(stack: BenchStack, browser: Browser): Promise<{ firstPaint: number[]; frames: number[]; notes: string[] }> {
  const firstPaint: number[] = [];
  const frames: number[] = [];
  const notes: string[] = [];
  const url = `${stack.quireUrl}/chats/${LONG_CHAT_ID}`;
  for (let i = 0; i < PAGE_LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      await context.addCookies(cookiesFor(stack.cookie, url));
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
      firstPaint.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              new PerformanceObserver((list) => {
                const paint = list.getEntries().find((e) => e.name === 'first-contentful-paint');
                if (paint) resolve(paint.startTime);
              }).observe({ type: 'paint', buffered: true });
              setTimeout(() => resolve(Number.NaN), 10_000); // a page that never painted
            }),
        ),
      );
      if (i > 0) continue; // frames from the first load: scrolling is the same on every load
      const region = page.getByRole('region', { name: 'Conversation' });
      // a page too heavy to render is a result too: noted, and the run goes on
      const shown = await region.waitFor({ timeout: 60_000 }).then(
        () => true,
        () => false,
      );
      if (!shown) {
        const title = await page.title().catch(() => '?');
        notes.push(`the conversation was not shown 60 s after the page's load event (title "${title}")`);
        continue;
      }
      await page.waitForTimeout(500); // let the page settle at the bottom before scrolling
      frames.push(
        ...(await region.evaluate(async (scroller) => {
          // up through five screens (or to the top) at 120 px a frame, as a wheel does; older pages may load on the way
          const times: number[] = [];
          const target = 5 * scroller.clientHeight;
          let moved = 0;
          let last = performance.now();
          while (moved < target && scroller.scrollTop > 0) {
            scroller.scrollTop -= 120;
            moved += 120;
            await new Promise(requestAnimationFrame);
            const now = performance.now();
            times.push(now - last);
            last = now;
          }
          return times;
        })),
      );
    } finally {
      await context.close();
    }
  }
  return { firstPaint, frames, notes };
}

/** endpoint | small p50 | small p95 | big p50 | big p95 | growth | target, for one server. */
function table(tiers: Partial<Record<Tier, TierResult>>) {
  const small = tiers.small!;
  const big = tiers.big!;
  const cells = (tier: Tier, values: Samples | undefined) =>
    tiers[tier]
      ? { [`${tier} p50`]: values ? round(median(values)) : '—', [`${tier} p95`]: values ? round(percentile(values, 95)) : '—' }
      : {};
  const growthOf = (tier: Tier, values: (t: TierResult) => Samples | undefined) => {
    const [from, to] = [values(small), tiers[tier] && values(tiers[tier])];
    return from && to ? round(median(to) / median(from), 2) : '—';
  };
  const rows: Array<Record<string, string | number>> = Object.keys(big.times).map((endpoint) => {
    const pick = (t: TierResult) => t.times[endpoint];
    const [from, to] = [pick(small), pick(big)];
    const ok = !from || !to || median(to) <= TARGETS.growth * median(from) || median(to) < TARGETS.underMs;
    return {
      endpoint,
      ...cells('small', from),
      ...cells('big', to),
      ...cells('huge', tiers.huge && pick(tiers.huge)),
      growth: growthOf('big', pick),
      ...(tiers.huge ? { 'huge growth': growthOf('huge', pick) } : {}),
      target: from && to ? (ok ? 'pass' : 'FAIL') : '—',
    };
  });
  const send = (t: TierResult) =>
    median(t.times['send: time to first token, long chat']!) / median(t.times['send: time to first token, new chat']!);
  const html = (t: TierResult) => ({ p50: round(t.htmlKb), p95: round(t.htmlKb) });
  const both = (f: (t: TierResult) => { p50: number | string; p95: number | string }) =>
    Object.fromEntries(
      (['small', 'big', 'huge'] as const).flatMap((tier) =>
        tiers[tier] ? Object.entries(f(tiers[tier]!)).map(([k, v]) => [`${tier} ${k}`, v]) : [],
      ),
    );
  rows.push(
    {
      endpoint: 'send: long chat ÷ new chat (p50)',
      ...both((t) => ({ p50: round(send(t), 2), p95: '' })),
      growth: '',
      target: send(big) <= TARGETS.sendRatio ? 'pass' : 'FAIL',
    },
    {
      endpoint: 'long chat page HTML, KB',
      ...both(html),
      growth: round(big.htmlKb / small.htmlKb, 2),
      target: big.htmlKb < TARGETS.htmlKb ? 'pass' : 'FAIL',
    },
    {
      endpoint: 'Chromium: long chat first contentful paint, ms',
      ...both((t) => ({ p50: round(median(t.firstPaint)), p95: round(percentile(t.firstPaint, 95)) })),
      growth: round(median(big.firstPaint) / median(small.firstPaint), 2),
      target: '',
    },
    {
      endpoint: 'Chromium: scroll up 5 screens, frame ms',
      ...both((t) => ({ p50: round(median(t.frames)), p95: round(percentile(t.frames, 95)) })),
      growth: round(percentile(big.frames, 95) / percentile(small.frames, 95), 2),
      target: '',
    },
  );
  // NaN (no frame was timed, no paint came) reads as "not measured"
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number.isNaN(v) ? '—' : v])));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await runScaleBenchmark());
}
