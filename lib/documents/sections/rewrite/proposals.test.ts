import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/tests/support/test-database';
import { listSectionVersions } from '../section-versions';
import type { Db } from '@/lib/db/client';
import { acceptProposal, rejectProposal } from './proposals';
import { rewriteRange } from './rewrite-range';
import { openRewriteFixture, type RewriteFixture } from '@/tests/support/rewrite-fixture';

/** A section's versions, oldest first (all of them: fewer than a page here). */
async function versionsOldestFirst(db: Db, sectionId: string) {
  return (await listSectionVersions(db, sectionId, { limit: 200 })).items.reverse();
}

describe.each(testDatabaseKinds())('rewrite proposals (%s)', (kind) => {
  let fx: RewriteFixture;
  let sectionId: string;
  beforeAll(async () => {
    fx = await openRewriteFixture(kind);
    sectionId = fx.sectionIds[0];
  }, 120_000);
  afterAll(async () => {
    await fx?.dispose();
  });

  const FRAGMENT = 'Sales grew in Lisbon.[^1]';
  /** A fresh body and a proposal over it: `[sim:hallucinate]` stays flagged after the regeneration. */
  async function propose() {
    const { version, body } = await fx.setBody(sectionId, `${FRAGMENT} The team is small.`);
    const start = body.indexOf(FRAGMENT);
    const result = await rewriteRange(fx.deps, {
      sectionId,
      userId: fx.owner,
      start,
      end: start + FRAGMENT.length,
      baseVersion: version,
      instruction: 'rephrase [sim:hallucinate]',
    });
    if (result.applied) throw new Error('expected a proposal');
    return { ...result, version, body, start };
  }
  const statusOf = async (id: string) => (await fx.db.prisma.rewriteProposal.findUniqueOrThrow({ where: { id } })).status;

  it('accepting applies the proposal as a rewrite version over the original range', async () => {
    const proposed = await propose();
    const accepted = await acceptProposal(fx.db.prisma, {
      sectionId,
      proposalId: proposed.proposalId,
      userId: fx.editor,
      baseVersion: proposed.version,
    });
    expect(accepted).toMatchObject({
      applied: true,
      version: proposed.version + 1,
      range: { start: proposed.start, end: proposed.start + proposed.proposal.length },
    });
    expect(accepted.body).toBe(
      `${proposed.body.slice(0, proposed.start)}${proposed.proposal}${proposed.body.slice(proposed.start + FRAGMENT.length)}`,
    );
    expect((await versionsOldestFirst(fx.db.prisma, sectionId)).at(-1)).toMatchObject({
      kind: 'rewrite',
      version: accepted.version,
      body: accepted.body,
    });
    expect(await statusOf(proposed.proposalId)).toBe('accepted');
    await expect(
      acceptProposal(fx.db.prisma, { sectionId, proposalId: proposed.proposalId, userId: fx.owner, baseVersion: accepted.version }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('a proposal over a section that moved on is a 409 with the current text and stays pending', async () => {
    const proposed = await propose();
    const moved = await fx.setBody(sectionId, `${proposed.body} Added later.`);
    const stale = acceptProposal(fx.db.prisma, {
      sectionId,
      proposalId: proposed.proposalId,
      userId: fx.owner,
      baseVersion: moved.version,
    });
    await expect(stale).rejects.toMatchObject({ status: 409, body: { current: { version: moved.version, body: moved.body } } });
    const staleBase = acceptProposal(fx.db.prisma, {
      sectionId,
      proposalId: proposed.proposalId,
      userId: fx.owner,
      baseVersion: proposed.version,
    });
    await expect(staleBase).rejects.toMatchObject({ status: 409 });
    expect(await statusOf(proposed.proposalId)).toBe('pending');
    expect((await fx.db.prisma.section.findUniqueOrThrow({ where: { id: sectionId } })).version).toBe(moved.version);
  });

  it('rejecting marks it rejected and leaves the section alone', async () => {
    const proposed = await propose();
    await expect(rejectProposal(fx.db.prisma, { sectionId, proposalId: proposed.proposalId, userId: fx.owner })).resolves.toEqual({
      proposalId: proposed.proposalId,
      status: 'rejected',
    });
    expect(await statusOf(proposed.proposalId)).toBe('rejected');
    expect(await fx.db.prisma.section.findUniqueOrThrow({ where: { id: sectionId } })).toMatchObject({
      version: proposed.version,
      body: proposed.body,
    });
    await expect(
      acceptProposal(fx.db.prisma, { sectionId, proposalId: proposed.proposalId, userId: fx.owner, baseVersion: proposed.version }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('a proposal of another section is a 404; reviewers get 403 and strangers 404', async () => {
    const proposed = await propose();
    const other = fx.sectionIds[1];
    const { version } = await fx.db.prisma.section.findUniqueOrThrow({ where: { id: other } });
    await expect(
      acceptProposal(fx.db.prisma, { sectionId: other, proposalId: proposed.proposalId, userId: fx.owner, baseVersion: version }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      rejectProposal(fx.db.prisma, { sectionId: other, proposalId: proposed.proposalId, userId: fx.owner }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      acceptProposal(fx.db.prisma, { sectionId, proposalId: proposed.proposalId, userId: fx.reviewer, baseVersion: proposed.version }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(rejectProposal(fx.db.prisma, { sectionId, proposalId: proposed.proposalId, userId: fx.reviewer })).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      acceptProposal(fx.db.prisma, { sectionId, proposalId: proposed.proposalId, userId: fx.stranger, baseVersion: proposed.version }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await statusOf(proposed.proposalId)).toBe('pending');
  });
});
