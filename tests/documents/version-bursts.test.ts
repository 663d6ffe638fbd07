import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION_BURST_MS } from '@/lib/documents/sections/edit-burst';
import { readSectionHeads } from '@/lib/documents/sections/live-versions';
import { listSectionVersions, restoreSectionVersion, writeSectionVersion } from '@/lib/documents/sections/section-versions';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';
import { createTestUser } from '@/tests/support/documents-harness';

describe.each(testDatabaseKinds())('one version per editing burst, on %s', (kind) => {
  let db: TestDatabase;
  let owner: string;
  let ada: string;
  let documentId: string;
  const start = new Date('2026-12-07T10:00:00Z');
  const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    owner = await createTestUser(db.prisma, { id: `burst-owner-${kind}` });
    ada = await createTestUser(db.prisma, { id: `burst-ada-${kind}` });
    const document = await db.prisma.document.create({
      data: { ownerId: owner, request: 'A report', title: 'Report', type: 'report', model: 'sim-swift', sectionCount: 1 },
    });
    documentId = document.id;
  }, 60_000);
  afterAll(async () => {
    await db?.dispose();
  });

  let position = 0;
  async function newSection(): Promise<string> {
    position += 1;
    const section = await db.prisma.section.create({
      data: {
        documentId,
        position,
        title: `Part ${position}`,
        brief: 'b',
        status: 'written',
        version: 1,
        body: 'The first draft.',
        // written before the saves the test dates (its clock is fixed; the database's now() is today's)
        versions: { create: { version: 1, kind: 'draft', body: 'The first draft.', createdAt: at(-3600), savedAt: at(-3600) } },
      },
    });
    return section.id;
  }

  async function save(
    sectionId: string,
    authorId: string,
    body: string,
    now: Date,
    kind: 'manual' | 'resolve' = 'manual',
  ): Promise<number> {
    const section = await db.prisma.section.findUniqueOrThrow({ where: { id: sectionId } });
    const saved = await writeSectionVersion(db.prisma, {
      sectionId,
      authorId,
      body,
      baseVersion: section.version,
      kind,
      how: 'edited',
      now,
    });
    return saved.version;
  }

  async function history(sectionId: string) {
    const page = await listSectionVersions(db.prisma, sectionId, { limit: 50 });
    return page.items.map(({ version, kind, body }) => ({ version, kind, body }));
  }

  it('six autosaves in a minute are one version, holding the last text at the section’s number', async () => {
    const id = await newSection();
    for (let i = 1; i <= 6; i++) await save(id, ada, `The first draft, edited ${i} times.`, at(i * 10));
    expect(await history(id)).toEqual([
      { version: 7, kind: 'manual', body: 'The first draft, edited 6 times.' },
      { version: 1, kind: 'draft', body: 'The first draft.' },
    ]);
    const [row] = await db.prisma.sectionVersion.findMany({ where: { sectionId: id, kind: 'manual' } });
    expect(row.savedAt.toISOString()).toBe(at(60).toISOString());
    const head = (await readSectionHeads(db.prisma, documentId, owner)).find((h) => h.id === id);
    expect(head).toMatchObject({ version: 7, savedBy: { you: false } });
    expect(head?.savedAt?.toISOString()).toBe(at(60).toISOString());
  });

  it('a quiet spell longer than the window closes the version; the next save starts another', async () => {
    const id = await newSection();
    await save(id, ada, 'Morning text.', at(0));
    await save(id, ada, 'Morning text, longer.', at(30));
    await save(id, ada, 'Afternoon text.', at(30 + VERSION_BURST_MS / 1000 + 1));
    expect(await history(id)).toEqual([
      { version: 4, kind: 'manual', body: 'Afternoon text.' },
      { version: 3, kind: 'manual', body: 'Morning text, longer.' },
      { version: 1, kind: 'draft', body: 'The first draft.' },
    ]);
  });

  it('another person’s save closes the burst: neither version is changed by the next saves', async () => {
    const id = await newSection();
    await save(id, ada, 'Ada’s words.', at(0));
    await save(id, owner, 'The owner’s words.', at(5));
    await save(id, ada, 'Ada again.', at(10));
    expect(await history(id)).toEqual([
      { version: 4, kind: 'manual', body: 'Ada again.' },
      { version: 3, kind: 'manual', body: 'The owner’s words.' },
      { version: 2, kind: 'manual', body: 'Ada’s words.' },
      { version: 1, kind: 'draft', body: 'The first draft.' },
    ]);
  });

  it('a restore and a conflict resolution are versions of their own, and later typing never changes them', async () => {
    const id = await newSection();
    await save(id, ada, 'Ada’s words.', at(0));
    const restored = await restoreSectionVersion(db.prisma, { sectionId: id, userId: ada, version: 1, baseVersion: 2, now: at(10) });
    expect(restored.version).toBe(3);
    await save(id, ada, 'After the restore.', at(20));
    await save(id, ada, 'Kept over theirs.', at(25), 'resolve');
    await save(id, ada, 'Typing on after keeping mine.', at(30));
    await save(id, ada, 'Typing on after keeping mine, more.', at(35));
    expect(await history(id)).toEqual([
      { version: 7, kind: 'manual', body: 'Typing on after keeping mine, more.' },
      { version: 5, kind: 'resolve', body: 'Kept over theirs.' },
      { version: 4, kind: 'manual', body: 'After the restore.' },
      { version: 3, kind: 'restore', body: 'The first draft.' },
      { version: 2, kind: 'manual', body: 'Ada’s words.' },
      { version: 1, kind: 'draft', body: 'The first draft.' },
    ]);
  });

  it('the database refuses to change a closed version, whatever the code does', async () => {
    const id = await newSection();
    await save(id, ada, 'Ada’s words.', at(0));
    await save(id, owner, 'The owner’s words.', at(5));
    // Ada's version 2 is closed: neither its text nor its number may change
    await expect(db.prisma.sectionVersion.updateMany({ where: { sectionId: id, version: 2 }, data: { body: 'forged' } })).rejects.toThrow(
      /closed/,
    );
    await expect(db.prisma.sectionVersion.updateMany({ where: { sectionId: id, version: 1 }, data: { body: 'forged' } })).rejects.toThrow(
      /closed/,
    );
    expect((await history(id)).map((v) => v.body)).toEqual(['The owner’s words.', 'Ada’s words.', 'The first draft.']);
  });
});
