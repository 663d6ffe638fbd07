import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/tests/support/test-database';
import { dismissFlag } from './dismiss-flag';
import { reviseSection } from './revise-section';
import { openRewriteFixture, replyRewriter, withModelMiddleware, type RewriteFixture } from '@/tests/support/rewrite-fixture';

describe.each(testDatabaseKinds())('dismissing a fact-check flag (%s)', (kind) => {
  let fx: RewriteFixture;
  beforeAll(async () => {
    fx = await openRewriteFixture(kind);
  }, 180_000);
  afterAll(async () => {
    await fx?.dispose();
  });

  /** A section whose draft the fact check flagged for "Zebulon Quark" (as a model that invented it would leave it). */
  const flaggedSection = async () => {
    const sectionId = fx.sectionIds[0];
    await fx.setBody(sectionId, 'The depot was audited last spring.');
    const flags = [{ token: 'Zebulon Quark', kind: 'name', start: 0, end: 13 }];
    await fx.db.prisma.section.update({
      where: { id: sectionId },
      data: { body: 'Zebulon Quark audited the depot last spring.', status: 'flagged', flags },
    });
    return sectionId;
  };

  it('keeps who dismissed it and why, clears the flag, and a later revision does not flag the token again', async () => {
    const sectionId = await flaggedSection();
    const result = await dismissFlag(fx.db.prisma, {
      sectionId,
      userId: fx.editor,
      token: 'Zebulon Quark',
      reason: 'He is our auditor; see the contract.',
    });
    expect(result).toMatchObject({ status: 'written', flags: [] });
    const section = await fx.db.prisma.section.findUniqueOrThrow({ where: { id: sectionId } });
    expect(section).toMatchObject({ status: 'written', flags: null });
    expect(await fx.db.prisma.flagDismissal.findFirst({ where: { sectionId } })).toMatchObject({
      token: 'Zebulon Quark',
      dismissedById: fx.editor,
      reason: 'He is our auditor; see the contract.',
    });
    // a revision that mentions him again (the model adds the name even where the old text lacked it) is applied, not flagged
    const deps = {
      ...fx.deps,
      provider: withModelMiddleware(
        fx.deps.provider,
        replyRewriter(() => 'Zebulon Quark audited the depot in the spring.'),
      ),
    };
    await fx.setBody(sectionId, 'The depot was audited last spring.');
    expect(
      await reviseSection(deps, { userId: fx.owner, documentId: fx.documentId, section: '1', instruction: 'name the auditor' }),
    ).toMatchObject({ applied: true });
  }, 60_000);

  it('a reviewer cannot dismiss (403), and a token that is not flagged is a 404', async () => {
    const sectionId = await flaggedSection();
    await expect(dismissFlag(fx.db.prisma, { sectionId, userId: fx.reviewer, token: 'Zebulon Quark', reason: 'no' })).rejects.toMatchObject(
      { code: 'forbidden' },
    );
    await expect(dismissFlag(fx.db.prisma, { sectionId, userId: fx.owner, token: 'Nobody', reason: 'no' })).rejects.toMatchObject({
      code: 'not_found',
    });
  }, 60_000);
});
