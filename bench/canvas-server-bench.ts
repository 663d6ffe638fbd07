/**
 * The server half of a canvas rewrite (issue 8): what `POST /api/sections/:id/rewrite`
 * costs beyond the model itself — access checks, facts, prompt, billing
 * (reserve and settle), splice, canonical form, fact check and the versioned
 * write — on PostgreSQL, with the simulator in process at 0 delay. Each
 * sample is the lib call's wall time minus the model call's own time (from
 * the request to the end of its stream, timed by a middleware around the model).
 * Target: median ≤ 50 ms. Wall time swings with the machine's load, so the
 * process's own CPU time outside the model window is reported too (PostgreSQL's
 * CPU is not in it): that one moves only when the code does.
 */
import { rewriteRange } from '@/lib/documents/sections/rewrite/rewrite-range';
import { openRewriteFixture, withModelMiddleware } from '@/tests/support/rewrite-fixture';
import { median, percentile, round } from './support';

const REWRITES = Number(process.env.QUIRE_BENCH_REWRITES ?? 50);
const WARMUP = 5;
const TARGET_MEDIAN_MS = 50;

/** A typical section: ~1.5 KB of paragraphs, a list, marks and citations, in Latin and Cyrillic. */
const SECTION = [
  'The Lisbon warehouse opened in March 2021 and now handles 4,200 orders a day.[^1] Delivery times in Portugal fell from 5 days to 2 days after the opening, and **customer complaints dropped by 31 percent**.[^2]',
  'The company employs 180 people in Lisbon; most of them work in picking and packing.[^3] Energy costs rose by 12 percent in 2022, so the warehouse installed *solar panels* on its roof in 2023.[^4]',
  '- Returns are processed within 48 hours.[^5]\n- The returns team uses a barcode system called ScanPro 7.[^5]\n- Management plans a second site near Porto.[^6]',
  'Склад в Лиссабоне обрабатывает заказы быстрее, чем прежде, и команда довольна новым процессом.[^1] Доставка по стране стала заметно короче, а жалоб стало меньше.[^2]',
  'The Porto site would serve the north of the country and take pressure off Lisbon during the busy season. Planning continues with the landlord and the city, and a decision is expected after the summer review of volumes and costs.[^6]',
].join('\n\n');

// the section keeps its size over the run (nothing shortens it) and its normal case (an
// uppercased phrase rephrased reads as made-up names, which the fact check rightly flags)
const INSTRUCTIONS = ['rephrase this', 'make it more formal'];

export async function runRewriteServerBenchmark() {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const fx = await openRewriteFixture('postgres', { tokenDelayMs: 0 });
  try {
    let modelMs = 0;
    let modelCpuMs = 0;
    const deps = {
      ...fx.deps,
      provider: withModelMiddleware(fx.deps.provider, {
        specificationVersion: 'v3',
        wrapStream: async ({ doStream }) => {
          const started = performance.now();
          const cpu = process.cpuUsage();
          const { stream, ...rest } = await doStream();
          const timed = stream.pipeThrough(
            new TransformStream({
              flush: () => {
                modelMs += performance.now() - started;
                modelCpuMs += cpuMs(process.cpuUsage(cpu));
              },
            }),
          );
          return { stream: timed, ...rest };
        },
      }),
    };
    const sectionId = fx.sectionIds[0];
    await fx.setBody(sectionId, SECTION);
    const overheads: number[] = [];
    const models: number[] = [];
    const cpus: number[] = [];
    let applied = 0;
    let sectionChars = 0;
    for (let i = 0; i < WARMUP + REWRITES; i++) {
      const section = await fx.db.prisma.section.findUniqueOrThrow({ where: { id: sectionId }, select: { version: true, body: true } });
      sectionChars = section.body.length;
      const { start, end } = plainSentence(section.body, i);
      modelMs = 0;
      modelCpuMs = 0;
      const started = performance.now();
      const cpu = process.cpuUsage();
      const result = await rewriteRange(deps, {
        sectionId,
        userId: fx.owner,
        start,
        end,
        instruction: INSTRUCTIONS[i % INSTRUCTIONS.length],
        baseVersion: section.version,
      });
      const total = performance.now() - started;
      const totalCpu = cpuMs(process.cpuUsage(cpu));
      if (i < WARMUP) continue;
      if (result.applied) applied++;
      overheads.push(total - modelMs);
      models.push(modelMs);
      cpus.push(totalCpu - modelCpuMs);
    }
    const medianMs = median(overheads);
    const row = {
      benchmark: 'rewrite server overhead (PostgreSQL, simulator 0 ms)',
      rewrites: REWRITES,
      applied,
      sectionChars,
      medianMs: round(medianMs, 1),
      p95Ms: round(percentile(overheads, 95), 1),
      minMs: round(Math.min(...overheads), 1),
      medianCpuMs: round(median(cpus), 1),
      medianModelMs: round(median(models), 1),
      target: `median ≤ ${TARGET_MEDIAN_MS} ms`,
      pass: medianMs <= TARGET_MEDIAN_MS,
    };
    console.table([row]);
    return { rows: [row] };
  } finally {
    await fx.dispose();
  }
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** A run of plain words (no markup) in a different paragraph each time, like a person's selection of a phrase. */
function plainSentence(body: string, i: number): { start: number; end: number } {
  const runs = [...body.matchAll(/[\p{L}\p{N} ,;]{40,120}/gu)];
  const run = runs[i % runs.length];
  if (!run) throw new Error('the benchmark section has no plain text to select');
  const text = run[0].trimEnd();
  const lead = text.length - text.trimStart().length;
  return { start: run.index + lead, end: run.index + text.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runRewriteServerBenchmark();
}
