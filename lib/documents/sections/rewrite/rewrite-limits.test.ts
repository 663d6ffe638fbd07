import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/tests/support/test-database';
import { rewriteRange } from './rewrite-range';
import { openRewriteFixture, withModelMiddleware, type RewriteFixture } from '@/tests/support/rewrite-fixture';

const TEXT = 'The warehouse opened in spring and deliveries got faster.';
const FRAGMENT = 'deliveries got faster';

describe.each(testDatabaseKinds())('what a rewrite may spend (%s)', (kind) => {
  let fx: RewriteFixture;
  let sectionId: string;
  beforeAll(async () => {
    fx = await openRewriteFixture(kind);
    sectionId = fx.sectionIds[1];
  }, 180_000);
  afterAll(async () => {
    await fx?.dispose();
  });

  const rangeOf = (body: string) => ({ start: body.indexOf(FRAGMENT), end: body.indexOf(FRAGMENT) + FRAGMENT.length });
  const rewrite = (
    baseVersion: number,
    body: string,
    options: { userId?: string; rateLimit?: { perMinute: number; clientAddress?: string }; deps?: RewriteFixture['deps'] } = {},
  ) =>
    rewriteRange(options.deps ?? fx.deps, {
      sectionId,
      userId: options.userId ?? fx.owner,
      instruction: 'make it uppercase',
      baseVersion,
      ...rangeOf(body),
      rateLimit: options.rateLimit && {
        subject: { userId: options.userId ?? fx.owner, clientAddress: options.rateLimit.clientAddress },
        perMinute: options.rateLimit.perMinute,
      },
    });

  it('rewrites are rate limited per person: over the limit is a 429 that calls no model', async () => {
    // a fresh person so the other tests' requests do not count
    const rateLimit = { perMinute: 2, clientAddress: '198.51.100.20' };
    let { version, body } = await fx.setBody(sectionId, TEXT);
    for (let i = 0; i < 2; i++) {
      const result = await rewrite(version, body, { userId: fx.editor, rateLimit });
      expect(result.applied).toBe(true);
      ({ version, body } = await fx.setBody(sectionId, TEXT));
    }
    const requests = fx.simulator.stats.requests.length;
    await expect(rewrite(version, body, { userId: fx.editor, rateLimit })).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    expect(fx.simulator.stats.requests.length).toBe(requests);
  });

  it('parallel rewrites never reserve past the document budget', async () => {
    const job = await fx.db.prisma.documentJob.findFirstOrThrow({ where: { documentId: fx.documentId } });
    // one rewrite measures what a call of this size reserves
    const measured = await fx.setBody(sectionId, TEXT);
    await rewrite(measured.version, measured.body);
    const [last] = await fx.db.prisma.modelCall.findMany({
      where: { purpose: 'rewrite', entry: { jobId: job.id } },
      orderBy: { createdAt: 'desc' },
      take: 1,
    });
    const reservation = last!.reservedMicros;
    const committed = async () => {
      const calls = await fx.db.prisma.modelCall.findMany({
        where: { entry: { jobId: job.id } },
        select: { status: true, reservedMicros: true, costMicros: true },
      });
      return calls.reduce((sum, c) => sum + (c.status === 'reserved' ? c.reservedMicros : c.costMicros), 0n);
    };
    // room for two and a half calls of this size
    const budget = (await committed()) + 2n * reservation + reservation / 2n;
    await fx.db.prisma.documentJob.update({ where: { id: job.id }, data: { budgetMicros: budget } });

    // Every call that got past its reservation waits at the upstream until each of the six has either reached it
    // or been refused, so all reservations are open while the others check the budget, however busy the machine.
    let atUpstream = 0;
    let refused = 0;
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const openWhenAllArrived = () => atUpstream + refused === 6 && openGate();
    const held = {
      ...fx.deps,
      provider: withModelMiddleware(fx.deps.provider, {
        specificationVersion: 'v3',
        wrapStream: async ({ doStream }) => {
          atUpstream++;
          openWhenAllArrived();
          await gate;
          return doStream();
        },
      }),
    };
    const { version, body } = await fx.setBody(sectionId, TEXT);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        rewrite(version, body, { deps: held }).catch((error: unknown) => {
          refused++;
          openWhenAllArrived();
          throw error;
        }),
      ),
    );
    const refusedForBudget = results.filter((r) => r.status === 'rejected' && (r.reason as { status?: number }).status === 402);
    // two fit; each of the other four saw the reservations before it
    expect(refusedForBudget).toHaveLength(4);
    expect(await committed()).toBeLessThanOrEqual(budget);
  });
});
