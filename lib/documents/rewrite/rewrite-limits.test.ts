import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/tests/support/test-database';
import { rewriteRange } from './rewrite-range';
import { openRewriteFixture, type RewriteFixture } from './rewrite-test-fixture';

const TEXT = 'The warehouse opened in spring and deliveries got faster.';
const FRAGMENT = 'deliveries got faster';

describe.each(testDatabaseKinds())('what a rewrite may spend (%s)', (kind) => {
  let fx: RewriteFixture;
  let sectionId: string;
  beforeAll(async () => {
    // a slow stream keeps every parallel call's reservation open while the others reserve
    fx = await openRewriteFixture(kind, { tokenDelayMs: 40 });
    sectionId = fx.sectionIds[1];
  }, 180_000);
  afterAll(async () => {
    await fx?.dispose();
  });

  const rangeOf = (body: string) => ({ start: body.indexOf(FRAGMENT), end: body.indexOf(FRAGMENT) + FRAGMENT.length });
  const rewrite = (
    baseVersion: number,
    body: string,
    options: { userId?: string; rateLimit?: { perMinute: number; clientAddress?: string } } = {},
  ) =>
    rewriteRange(fx.deps, {
      sectionId,
      userId: options.userId ?? fx.owner,
      instruction: 'make it uppercase',
      baseVersion,
      ...rangeOf(body),
      rateLimit: options.rateLimit,
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

    const { version, body } = await fx.setBody(sectionId, TEXT);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => rewrite(version, body)));
    const refusedForBudget = results.filter((r) => r.status === 'rejected' && (r.reason as { status?: number }).status === 402);
    // two fit; each of the other four saw the reservations before it
    expect(refusedForBudget).toHaveLength(4);
    expect(await committed()).toBeLessThanOrEqual(budget);
  });
});
