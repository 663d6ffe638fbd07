import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/tests/support/test-database';
import { listSectionVersions, restoreSectionVersion, writeSectionVersion } from '../section-versions';
import type { Db } from '@/lib/db/client';
import { rewriteRange, type RewriteRangeRequest } from './rewrite-range';
import { openRewriteFixture, replyRewriter, withModelMiddleware, type RewriteFixture } from '@/tests/support/rewrite-fixture';

/** A section's versions, oldest first (all of them: fewer than a page here). */
async function versionsOldestFirst(db: Db, sectionId: string) {
  return (await listSectionVersions(db, sectionId, { limit: 200 })).items.reverse();
}

describe.each(testDatabaseKinds())('rewriting a range of a section (%s)', (kind) => {
  let fx: RewriteFixture;
  let sectionId: string;
  beforeAll(async () => {
    fx = await openRewriteFixture(kind);
    sectionId = fx.sectionIds[0];
  }, 120_000);
  afterAll(async () => {
    await fx?.dispose();
  });

  const rewrite = (request: Partial<RewriteRangeRequest> & Pick<RewriteRangeRequest, 'start' | 'end' | 'baseVersion'>) =>
    rewriteRange(fx.deps, { sectionId, userId: fx.owner, instruction: 'make it uppercase', ...request });
  const rewriteCalls = () => fx.db.prisma.modelCall.count({ where: { purpose: 'rewrite' } });
  const rangeOf = (body: string, part: string) => ({ start: body.indexOf(part), end: body.indexOf(part) + part.length });

  it('splices the reply over exactly the range: Cyrillic and emoji around it stay byte for byte', async () => {
    const { version, body } = await fx.setBody(
      sectionId,
      'Склад 🚀 в Лиссабоне открыт[^1] весной. Доставка ускорилась 😀 вдвое[^2].\n\nSecond paragraph stays 👍🏽 as it is.',
    );
    const fragment = 'в Лиссабоне открыт[^1] весной';
    const { start, end } = rangeOf(body, fragment);
    const result = await rewrite({ start, end, baseVersion: version });
    expect(result).toMatchObject({ applied: true, version: version + 1 });
    if (!result.applied) return;
    expect(result.body.slice(0, start)).toBe(body.slice(0, start));
    expect(result.body.slice(result.range.end)).toBe(body.slice(end));
    expect(result.body.slice(result.range.start, result.range.end)).toBe('В ЛИССАБОНЕ ОТКРЫТ[^1] ВЕСНОЙ');
    const stored = await fx.db.prisma.section.findUniqueOrThrow({ where: { id: sectionId } });
    expect(stored).toMatchObject({ version: result.version, body: result.body });
    expect((await versionsOldestFirst(fx.db.prisma, sectionId)).at(-1)).toMatchObject({
      kind: 'rewrite',
      version: result.version,
      body: result.body,
    });
  });

  it('sends the model only the fragment, bounded context, the title and the facts', async () => {
    const long = `${'Earlier text. '.repeat(100)}TARGET sentence here.${' Later text.'.repeat(100)}`;
    const { version, body } = await fx.setBody(sectionId, long);
    const prompts: string[] = [];
    const deps = {
      ...fx.deps,
      provider: withModelMiddleware(fx.deps.provider, {
        specificationVersion: 'v3',
        transformParams: async ({ params }) => (prompts.push(JSON.stringify(params.prompt)), params),
      }),
    };
    const { start, end } = rangeOf(body, 'TARGET sentence here.');
    await rewriteRange(deps, { sectionId, userId: fx.owner, instruction: 'make it uppercase', start, end, baseVersion: version });
    expect(prompts).toHaveLength(1);
    const [system, user] = (JSON.parse(prompts[0]) as Array<{ content: string | Array<{ text: string }> }>).map((m) =>
      typeof m.content === 'string' ? m.content : m.content.map((p) => p.text).join(''),
    );
    expect(system.split('\n')[0]).toBe('Quire task: rewrite-fragment');
    expect(user).toMatch(/^Instruction: make it uppercase\n/);
    expect(user).toContain('\nFacts:\n[^1] ');
    expect(user).toMatch(/\n<<<FRAGMENT\nTARGET sentence here\.\nFRAGMENT>>>$/);
    const before = JSON.parse(/^Context before: (.*)$/m.exec(user)![1]) as string;
    const after = JSON.parse(/^Context after: (.*)$/m.exec(user)![1]) as string;
    expect(before.length).toBeLessThanOrEqual(600);
    expect(after.length).toBeLessThanOrEqual(600);
    expect(user.length).toBeLessThan(long.length);
  });

  it('a stale baseVersion is a 409 with the current text, before any model call', async () => {
    const { version, body } = await fx.setBody(sectionId, 'Current text of the section.');
    const calls = await rewriteCalls();
    const requests = fx.simulator.stats.requests.length;
    await expect(rewrite({ start: 0, end: 7, baseVersion: version - 1 })).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      body: { current: { version, body } },
    });
    expect(await rewriteCalls()).toBe(calls);
    expect(fx.simulator.stats.requests.length).toBe(requests);
  });

  it.each([
    ['outside the text', 0, 999, 'range_out_of_bounds'],
    ['negative', -1, 3, 'range_out_of_bounds'],
    ['start after end', 5, 2, 'range_reversed'],
    ['empty', 3, 3, 'range_empty'],
    ['splitting an emoji', 0, 7, 'range_splits_surrogate'],
  ])('a range %s is a 400 invalid_range (%s..%s)', async (_what, start, end, reason) => {
    const { version } = await fx.setBody(sectionId, 'Emoji 😀 in the middle.');
    const calls = await rewriteCalls();
    await expect(rewrite({ start, end, baseVersion: version })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_range',
      body: { reason },
    });
    expect(await rewriteCalls()).toBe(calls);
  });

  it('a section changed during the model call is a 409 and the reply is not applied', async () => {
    const { version, body } = await fx.setBody(sectionId, 'A sentence that will be rewritten slowly by the model.');
    const requests = fx.simulator.stats.requests.length;
    const pending = rewrite({ start: 0, end: body.length, baseVersion: version, instruction: 'make it uppercase [sim:delay=40]' });
    const settled = pending.then(
      () => 'applied',
      (error: unknown) => error,
    );
    while (fx.simulator.stats.requests.length === requests) await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = await writeSectionVersion(fx.db.prisma, {
      sectionId,
      authorId: fx.editor,
      body: 'Someone else edited it meanwhile.',
      baseVersion: version,
      kind: 'manual',
      how: 'edited',
    });
    expect(await settled).toMatchObject({ status: 409, body: { current: { version: edited.version, body: edited.body } } });
    const stored = await fx.db.prisma.section.findUniqueOrThrow({ where: { id: sectionId } });
    expect(stored).toMatchObject({ version: edited.version, body: 'Someone else edited it meanwhile.' });
    expect((await versionsOldestFirst(fx.db.prisma, sectionId)).at(-1)?.kind).toBe('manual');
  });

  it('an invented figure and name still flagged after one regeneration become a stored proposal, not applied', async () => {
    const { version, body } = await fx.setBody(sectionId, 'Sales grew in Lisbon.[^1] The team is small.');
    const calls = await rewriteCalls();
    const result = await rewrite({
      ...rangeOf(body, 'Sales grew in Lisbon.[^1]'),
      baseVersion: version,
      instruction: 'rephrase this [sim:hallucinate]',
    });
    expect(result.applied).toBe(false);
    if (result.applied) return;
    expect(await rewriteCalls()).toBe(calls + 2);
    expect(result.proposal).toContain('73.4%');
    const figure = result.flags.find((flag) => flag.kind === 'number');
    expect(figure && result.proposal.slice(figure.start, figure.end)).toBe('73.4%');
    expect(result.flags.some((flag) => flag.kind === 'name' && /Quark/.test(flag.token))).toBe(true);
    const proposal = await fx.db.prisma.rewriteProposal.findUniqueOrThrow({ where: { id: result.proposalId } });
    expect(proposal).toMatchObject({
      status: 'pending',
      baseVersion: version,
      replacement: result.proposal,
      original: 'Sales grew in Lisbon.[^1]',
    });
    expect(await fx.db.prisma.section.findUniqueOrThrow({ where: { id: sectionId } })).toMatchObject({ version, body });
  });

  it('a reply flagged once is regenerated once and applied', async () => {
    const { version, body } = await fx.setBody(sectionId, 'Sales grew in Lisbon.[^1] The team is small.');
    const calls = await rewriteCalls();
    const result = await rewrite({
      ...rangeOf(body, 'Sales grew in Lisbon.[^1]'),
      baseVersion: version,
      instruction: 'rephrase this [sim:hallucinate-once]',
    });
    expect(result).toMatchObject({ applied: true, version: version + 1 });
    expect(await rewriteCalls()).toBe(calls + 2);
    if (result.applied) expect(result.body).not.toContain('Zebulon');
  });

  it('a figure and a name the instruction supplies pass the fact check', async () => {
    const { version, body } = await fx.setBody(sectionId, 'Sales grew in Lisbon.[^1] The team is small.');
    const result = await rewrite({
      ...rangeOf(body, 'Sales grew in Lisbon.[^1]'),
      baseVersion: version,
      instruction: 'add that 73.4% backed it, per Zebulon Quark [sim:hallucinate]',
    });
    expect(result).toMatchObject({ applied: true });
    if (result.applied) expect(result.body.slice(result.range.start, result.range.end)).toContain('Zebulon Quark');
  });

  it('a figure and a name from the section facts pass the fact check', async () => {
    const other = fx.sectionIds[1];
    await fx.db.prisma.fact.create({
      data: {
        documentId: fx.documentId,
        sectionId: other,
        text: 'In 73.4% of cases Zebulon Quark endorsed the approach.',
        normalized: 'zebulon quark fact',
        sourceId: '',
        paragraph: 0,
        round: 0,
      },
    });
    const { version, body } = await fx.setBody(other, 'Sales grew in Lisbon.[^1] The team is small.');
    const result = await rewriteRange(fx.deps, {
      sectionId: other,
      userId: fx.owner,
      ...rangeOf(body, 'Sales grew in Lisbon.[^1]'),
      baseVersion: version,
      instruction: 'rephrase [sim:hallucinate]',
    });
    expect(result).toMatchObject({ applied: true });
  });

  it('citation markers survive a rewrite, and a reply that drops one is only proposed', async () => {
    const { version, body } = await fx.setBody(
      sectionId,
      'We really get a lot of big results from the analysis[^1], and the team is gonna use them.[^2] Rest.',
    );
    const fragment = 'We really get a lot of big results from the analysis[^1], and the team is gonna use them.[^2]';
    const kept = await rewrite({ ...rangeOf(body, fragment), baseVersion: version, instruction: 'make it shorter' });
    expect(kept.applied).toBe(true);
    if (!kept.applied) return;
    expect(kept.body.slice(kept.range.start, kept.range.end)).toMatch(/\[\^1\][\s\S]*\[\^2\]/);

    const dropping = {
      ...fx.deps,
      provider: withModelMiddleware(
        fx.deps.provider,
        replyRewriter((text) => text.replace('[^2]', '')),
      ),
    };
    const replaced = kept.body.slice(kept.range.start, kept.range.end);
    const lost = await rewriteRange(dropping, {
      sectionId,
      userId: fx.owner,
      start: kept.range.start,
      end: kept.range.end,
      baseVersion: kept.version,
      instruction: 'make it formal',
    });
    expect(lost).toMatchObject({ applied: false, flags: [{ token: '[^2]', kind: 'citation' }] });
    expect((await fx.db.prisma.section.findUniqueOrThrow({ where: { id: sectionId } })).body.slice(kept.range.start, kept.range.end)).toBe(
      replaced,
    );
  });

  it('an empty reply is a 502 and deletes nothing', async () => {
    const { version, body } = await fx.setBody(sectionId, 'Text the model fails to rewrite.');
    const silent = {
      ...fx.deps,
      provider: withModelMiddleware(
        fx.deps.provider,
        replyRewriter(() => ''),
      ),
    };
    await expect(
      rewriteRange(silent, { sectionId, userId: fx.owner, start: 0, end: 4, baseVersion: version, instruction: 'rephrase' }),
    ).rejects.toMatchObject({ status: 502 });
    expect(await fx.db.prisma.section.findUniqueOrThrow({ where: { id: sectionId } })).toMatchObject({ version, body });
  });

  it('an editor removed while the model writes does not get the rewrite applied (rights are checked again at commit)', async () => {
    const { version, body } = await fx.setBody(sectionId, 'The editor asked for this sentence to change.');
    const membership = { documentId: fx.documentId, userId: fx.editor };
    const member = await fx.db.prisma.documentMember.findUniqueOrThrow({ where: { documentId_userId: membership } });
    const deps = {
      ...fx.deps,
      provider: withModelMiddleware(fx.deps.provider, {
        specificationVersion: 'v3',
        // the owner removes the editor while the model call is under way
        transformParams: async ({ params }) => {
          await fx.db.prisma.documentMember.delete({ where: { documentId_userId: membership } });
          return params;
        },
      }),
    };
    try {
      await expect(
        rewriteRange(deps, { sectionId, userId: fx.editor, instruction: 'uppercase', start: 0, end: body.length, baseVersion: version }),
      ).rejects.toMatchObject({ code: 'not_found' });
      expect(await fx.db.prisma.section.findUniqueOrThrow({ where: { id: sectionId } })).toMatchObject({ version, body });
    } finally {
      await fx.db.prisma.documentMember.upsert({ where: { documentId_userId: membership }, create: member, update: {} });
    }
  });

  it('only owners and editors rewrite: a reviewer gets 403, a stranger 404', async () => {
    const { version } = await fx.setBody(sectionId, 'Plain text to rewrite.');
    await expect(
      rewriteRange(fx.deps, { sectionId, userId: fx.editor, start: 0, end: 5, baseVersion: version, instruction: 'uppercase' }),
    ).resolves.toMatchObject({ applied: true });
    const calls = await rewriteCalls();
    await expect(
      rewriteRange(fx.deps, { sectionId, userId: fx.reviewer, start: 0, end: 5, baseVersion: version + 1, instruction: 'uppercase' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      rewriteRange(fx.deps, { sectionId, userId: fx.stranger, start: 0, end: 5, baseVersion: version + 1, instruction: 'uppercase' }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await rewriteCalls()).toBe(calls);
  });

  it('restoring after a rewrite appends a restore version and deletes nothing', async () => {
    const { version, body } = await fx.setBody(sectionId, 'Text before the rewrite.');
    const rewritten = await rewrite({ start: 0, end: 4, baseVersion: version });
    if (!rewritten.applied) throw new Error('expected the rewrite to apply');
    const before = await versionsOldestFirst(fx.db.prisma, sectionId);
    const restored = await restoreSectionVersion(fx.db.prisma, { sectionId, userId: fx.reviewer, version, baseVersion: rewritten.version });
    const after = await versionsOldestFirst(fx.db.prisma, sectionId);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.at(-1)).toMatchObject({ version: restored.version, kind: 'restore', body });
    expect(after.map((v) => v.kind)).toContain('rewrite');
  });

  it('an owner without credits gets a 402 and nothing changes', async () => {
    const { version, body } = await fx.setBody(sectionId, 'Text nobody can pay to rewrite.');
    const wallet = await fx.db.prisma.wallet.findUniqueOrThrow({ where: { userId: fx.owner } });
    // the wallet's books must balance (credited = balance + reserved + charged)
    await fx.db.prisma.wallet.update({
      where: { userId: fx.owner },
      data: { balanceMicros: 0n, creditedMicros: { decrement: wallet.balanceMicros } },
    });
    try {
      await expect(rewrite({ start: 0, end: 4, baseVersion: version })).rejects.toMatchObject({
        status: 402,
        message: expect.stringMatching(/Not enough credits for this rewrite/),
      });
    } finally {
      await fx.db.prisma.wallet.update({
        where: { userId: fx.owner },
        data: { balanceMicros: wallet.balanceMicros, creditedMicros: { increment: wallet.balanceMicros } },
      });
    }
    expect(await fx.db.prisma.section.findUniqueOrThrow({ where: { id: sectionId } })).toMatchObject({ version, body });
  });
});
