import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSectionHeads, takeHeadsRateLimit, HEADS_PER_MINUTE } from '@/lib/documents/sections/live-versions';
import { writeSectionVersion } from '@/lib/documents/sections/section-versions';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';
import { createTestUser } from '@/tests/support/documents-harness';

describe.each(testDatabaseKinds())("an open page follows other people's saves through section heads, on %s", (kind) => {
  let db: TestDatabase;
  let owner: string;
  let editor: string;
  let documentId: string;
  let sectionIds: string[];
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    owner = await createTestUser(db.prisma, { id: `owner-${kind}` });
    editor = await createTestUser(db.prisma, { id: `ada-${kind}` });
    await db.prisma.user.update({ where: { id: editor }, data: { name: 'Ada' } });
    const document = await db.prisma.document.create({
      data: { ownerId: owner, request: 'A report', title: 'Report', type: 'report', model: 'sim-swift', sectionCount: 2 },
    });
    documentId = document.id;
    sectionIds = [];
    for (const position of [1, 2]) {
      const body = `Draft of part ${position}.`;
      const section = await db.prisma.section.create({
        data: {
          documentId,
          position,
          title: `Part ${position}`,
          brief: 'b',
          status: 'written',
          version: 1,
          body,
          versions: { create: { version: 1, kind: 'draft', body } },
        },
      });
      sectionIds.push(section.id);
    }
  }, 60_000);
  afterAll(async () => {
    await db?.dispose();
  });

  it('names who saved each current version, tells the viewer their own saves, and says nothing of the text', async () => {
    await writeSectionVersion(db.prisma, {
      sectionId: sectionIds[1],
      authorId: editor,
      body: 'Ada rewrote part 2.',
      baseVersion: 1,
      kind: 'manual',
      how: 'edited',
    });
    await writeSectionVersion(db.prisma, {
      sectionId: sectionIds[0],
      authorId: owner,
      body: 'The owner edited part 1.',
      baseVersion: 1,
      kind: 'manual',
      how: 'edited',
    });

    const seenByOwner = await readSectionHeads(db.prisma, documentId, owner);
    expect(seenByOwner.map(({ position, version, savedBy }) => ({ position, version, savedBy }))).toEqual([
      { position: 1, version: 2, savedBy: { name: `User ${owner}`, you: true } },
      { position: 2, version: 2, savedBy: { name: 'Ada', you: false } },
    ]);
    expect(JSON.stringify(seenByOwner)).not.toContain('rewrote');

    const seenByAda = await readSectionHeads(db.prisma, documentId, editor);
    expect(seenByAda[1].savedBy).toEqual({ name: 'Ada', you: true });
  });

  it('a draft from the pipeline has no person behind it', async () => {
    const other = await db.prisma.document.create({
      data: { ownerId: owner, request: 'r', title: 't', type: 'report', model: 'sim-swift', sectionCount: 1 },
    });
    await db.prisma.section.create({
      data: {
        documentId: other.id,
        position: 1,
        title: 'P',
        brief: 'b',
        status: 'written',
        version: 1,
        body: 'x',
        versions: { create: { version: 1, kind: 'draft', body: 'x' } },
      },
    });
    const [head] = await readSectionHeads(db.prisma, other.id, owner);
    expect(head.savedBy).toBeNull();
    expect(head.version).toBe(1);
  });

  it('polling has its own budget: past it a 429, while the model-calling budget is untouched', async () => {
    const subject = { userId: `poller-${kind}` };
    for (let i = 0; i < HEADS_PER_MINUTE; i++) await takeHeadsRateLimit(db.prisma, subject);
    await expect(takeHeadsRateLimit(db.prisma, subject)).rejects.toMatchObject({ code: 'rate_limited' });
    const counters = await db.prisma.rateCounter.findMany({ where: { key: { contains: subject.userId } } });
    expect(counters.map((c) => c.key)).toEqual([`heads:user:${subject.userId}`]);
  });
});
