import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '@/lib/llm/simulator';
import { CAN, requireDocumentRole, requireSectionRole } from '@/lib/documents/access';
import { createDocument } from '@/lib/documents/intake/queue-document';
import { exportDocument } from '@/lib/documents/export/export-document';
import { changeMemberRole, removeMember, shareDocument } from '@/lib/documents/members';
import { listNotifications, markDocumentOpened } from '@/lib/documents/notifications';
import { reviseSection } from '@/lib/documents/sections/revise-section';
import { listSectionVersions, restoreSectionVersion, writeSectionVersion } from '@/lib/documents/sections/section-versions';
import type { Db } from '@/lib/db/client';
import { parsePastedText } from '@/lib/documents/sources/parse-source-file';
import { startDocument } from '@/lib/documents/intake/start-document';
import { openTestDatabase, type TestDatabase } from '@/tests/support/test-database';
import { createTestChat, createTestUser, driveJobsToRest, SAMPLE_SOURCE, testPipelineDeps } from '@/tests/support/documents-harness';

/** A section's versions, oldest first (all of them: fewer than a page here). */
async function versionsOldestFirst(db: Db, sectionId: string) {
  return (await listSectionVersions(db, sectionId, { limit: 200 })).items.reverse();
}

const FIRST = { limit: 50 };

describe('sections, versions, sharing and export of a written document', () => {
  let db: TestDatabase;
  let simulator: SimulatorServer;
  let owner: string;
  let chatId: string;
  let documentId: string;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    simulator = await startSimulatorServer({ tokenDelayMs: 0 });
    owner = await createTestUser(db.prisma, { email: 'owner@example.com' });
    chatId = await createTestChat(db.prisma, owner);
    ({ id: documentId } = await createDocument(db.prisma, {
      ownerId: owner,
      chatId,
      request: 'Write a report on the Lisbon warehouse',
      model: 'sim-swift',
      sectionCount: 2,
      researchRounds: 1,
      sources: [parsePastedText('Warehouse notes', SAMPLE_SOURCE)],
    }));
    await driveJobsToRest(testPipelineDeps(db.prisma, simulator.url));
  }, 60_000);
  afterAll(async () => {
    await simulator?.close();
    await db?.dispose();
  });

  const firstSection = () => db.prisma.section.findFirstOrThrow({ where: { documentId }, orderBy: { position: 'asc' } });
  const updatedEvents = () =>
    db.prisma.message.count({ where: { chatId, kind: 'event', meta: { path: ['event'], equals: 'document_updated' } } });

  it('a manual edit appends a version and posts Updated; a stale base is a conflict with the current text; an unchanged body changes nothing', async () => {
    const section = await firstSection();
    const before = await updatedEvents();
    const edited = await writeSectionVersion(db.prisma, {
      sectionId: section.id,
      authorId: owner,
      body: `${section.body}\n\nOne more paragraph.`,
      baseVersion: 1,
      kind: 'manual',
      how: 'edited',
    });
    expect(edited).toMatchObject({ version: 2, changed: true });
    expect(await updatedEvents()).toBe(before + 1);

    const stale = writeSectionVersion(db.prisma, {
      sectionId: section.id,
      authorId: owner,
      body: 'Overwrite?',
      baseVersion: 1,
      kind: 'manual',
      how: 'edited',
    });
    await expect(stale).rejects.toMatchObject({ status: 409, body: { current: { version: 2, body: edited.body } } });

    const same = await writeSectionVersion(db.prisma, {
      sectionId: section.id,
      authorId: owner,
      body: edited.body,
      baseVersion: 2,
      kind: 'manual',
      how: 'edited',
    });
    expect(same).toMatchObject({ version: 2, changed: false });
    expect(await updatedEvents()).toBe(before + 1);
  });

  it('restore appends the old text as a new version and deletes nothing', async () => {
    const section = await firstSection();
    const draft = (await versionsOldestFirst(db.prisma, section.id))[0];
    const restored = await restoreSectionVersion(db.prisma, {
      sectionId: section.id,
      userId: owner,
      version: 1,
      baseVersion: section.version,
    });
    const versions = await versionsOldestFirst(db.prisma, section.id);
    expect(versions.map((v) => v.kind)).toEqual(['draft', 'manual', 'restore']);
    expect(versions.at(-1)).toMatchObject({ version: restored.version, body: draft.body });
    expect(versions[0].author).toBe('Quire');
  });

  it('the owner’s edit and restore in one burst are one Updated card naming them and both saves; another person’s save gets its own card', async () => {
    const cards = await db.prisma.message.findMany({
      where: { chatId, kind: 'event', meta: { path: ['event'], equals: 'document_updated' } },
      orderBy: { createdAt: 'asc' },
    });
    expect(cards).toHaveLength(1);
    expect(cards[0].meta).toMatchObject({
      by: { userId: owner, name: `User ${owner}`, assistant: false },
      saves: 2,
      changes: [{ how: 'restored', version: 3 }],
    });
    expect(cards[0].text).toMatch(new RegExp(`^User ${owner} edited .* \\(2 saves\\)`));

    const colleague = await createTestUser(db.prisma, { email: 'colleague@example.com' });
    const section = await firstSection();
    await writeSectionVersion(db.prisma, {
      sectionId: section.id,
      authorId: colleague,
      body: `${section.body}\n\nA colleague's note.`,
      baseVersion: section.version,
      kind: 'manual',
      how: 'edited',
    });
    const after = await db.prisma.message.findMany({
      where: { chatId, kind: 'event', meta: { path: ['event'], equals: 'document_updated' } },
      orderBy: { createdAt: 'asc' },
    });
    expect(after).toHaveLength(2);
    expect(after[1].meta).toMatchObject({ by: { userId: colleague, assistant: false }, saves: 1 });
  });

  it('revise_section rewrites a named section through the model and the fact check, posting Updated', async () => {
    const section = await firstSection();
    const before = await updatedEvents();
    const result = await reviseSection(testPipelineDeps(db.prisma, simulator.url), {
      userId: owner,
      documentId,
      section: section.title,
      instruction: 'Make it shorter',
    });
    expect(result.applied).toBe(true);
    const versions = await versionsOldestFirst(db.prisma, section.id);
    if (result.applied && result.changed) {
      expect(versions.at(-1)?.kind).toBe('rewrite');
      expect(await updatedEvents()).toBe(before + 1);
      const card = await db.prisma.message.findFirstOrThrow({ where: { chatId, kind: 'event' }, orderBy: { createdAt: 'desc' } });
      expect(card.meta).toMatchObject({ by: { userId: owner, assistant: true }, changes: [{ section: section.title, how: 'revised' }] });
    } else {
      expect(await updatedEvents()).toBe(before);
    }
    const calls = await db.prisma.modelCall.findMany({ where: { purpose: 'revise' } });
    expect(calls.length).toBeGreaterThan(0);
  });

  it('another user gets 404 until shared; a reviewer reads and restores but cannot edit', async () => {
    const stranger = await createTestUser(db.prisma, { email: 'reviewer@example.com' });
    await expect(requireDocumentRole(db.prisma, documentId, stranger, CAN.read)).rejects.toMatchObject({ status: 404 });
    await shareDocument(db.prisma, documentId, owner, 'Reviewer@example.com', 'reviewer');
    expect(await requireDocumentRole(db.prisma, documentId, stranger, CAN.read)).toBe('reviewer');
    const section = await firstSection();
    await expect(requireSectionRole(db.prisma, section.id, stranger, CAN.restore)).resolves.toMatchObject({ role: 'reviewer' });
    await expect(requireSectionRole(db.prisma, section.id, stranger, CAN.edit)).rejects.toMatchObject({ status: 403 });
  });

  it('the recipient of a share gets one unread notification naming the owner, read once they open the document and gone when access is removed', async () => {
    const recipient = await createTestUser(db.prisma, { email: 'recipient@example.com' });
    await shareDocument(db.prisma, documentId, owner, 'recipient@example.com', 'reviewer');
    await shareDocument(db.prisma, documentId, owner, 'recipient@example.com', 'editor');
    const unread = (await listNotifications(db.prisma, recipient, { unreadOnly: true }, FIRST)).items;
    expect(unread).toEqual([expect.objectContaining({ kind: 'document_shared', documentId, read: false })]);
    expect(unread[0].text).toMatch(new RegExp(`^User ${owner} shared “.+” with you as an editor\\.$`));
    await markDocumentOpened(db.prisma, recipient, documentId);
    expect((await listNotifications(db.prisma, recipient, { unreadOnly: true }, FIRST)).items).toEqual([]);
    await removeMember(db.prisma, documentId, recipient);
    expect((await listNotifications(db.prisma, recipient, {}, FIRST)).items).toEqual([]);
  });

  it('the owner makes a reviewer an editor, then revokes them: their next request is a 404', async () => {
    const member = await createTestUser(db.prisma, { email: 'member@example.com' });
    await shareDocument(db.prisma, documentId, owner, 'member@example.com', 'reviewer');
    const section = await firstSection();
    await expect(requireSectionRole(db.prisma, section.id, member, CAN.edit)).rejects.toMatchObject({ status: 403 });
    expect(await changeMemberRole(db.prisma, documentId, member, 'editor')).toEqual({ userId: member, role: 'editor' });
    await expect(requireSectionRole(db.prisma, section.id, member, CAN.edit)).resolves.toMatchObject({ role: 'editor' });
    expect(await removeMember(db.prisma, documentId, member)).toEqual({ userId: member, removed: true });
    await expect(requireDocumentRole(db.prisma, documentId, member, CAN.read)).rejects.toMatchObject({ status: 404 });
    await expect(requireSectionRole(db.prisma, section.id, member, CAN.read)).rejects.toMatchObject({ status: 404 });
    // someone who is not (or no longer) a member cannot be changed or removed
    await expect(changeMemberRole(db.prisma, documentId, member, 'reviewer')).rejects.toMatchObject({ status: 404 });
    await expect(removeMember(db.prisma, documentId, member)).rejects.toMatchObject({ status: 404 });
  });

  it('exports Markdown with sources as footnotes, and accessible HTML with landmarks and heading order', async () => {
    const md = (await exportDocument(db.prisma, documentId, 'md')).content;
    expect(md).toMatch(/^# /);
    expect(md).toMatch(/^## /m);
    expect(md).toMatch(/^\[\^1\]: (Warehouse notes|Answers to the questions), paragraph \d+: “/m);
    const html = (await exportDocument(db.prisma, documentId, 'html')).content;
    expect(html).toMatch(/<html lang="en">/);
    for (const landmark of ['<header>', '<main id="main">', '<footer>', 'role="doc-endnotes"']) expect(html).toContain(landmark);
    const headings = [...html.matchAll(/<h([1-6])/g)].map((m) => Number(m[1]));
    expect(headings[0]).toBe(1);
    for (let i = 1; i < headings.length; i++) expect(headings[i] - headings[i - 1]).toBeLessThanOrEqual(1);
    expect(html).toMatch(/<a href="#fn-1" id="fnref-1" role="doc-noteref"/);
    expect(html).toMatch(/<li id="fn-1">(Warehouse notes|Answers to the questions), paragraph/);
  });

  it('exports Word with the citations as real footnotes and PDF with the numbered notes, both quoting the source and ending with the works cited', async () => {
    // the first footnote as the Markdown export writes it: `Warehouse notes, paragraph 2: “the quoted sentence”` (a pasted source has no URL)
    const md = (await exportDocument(db.prisma, documentId, 'md')).content;
    const note = /^\[\^1\]: (.+”)$/m.exec(md)![1];

    const docx = await exportDocument(db.prisma, documentId, 'docx');
    expect(docx.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(docx.filename).toMatch(/\.docx$/);
    const word = (await mammoth.convertToHtml({ buffer: Buffer.from(docx.content) })).value;
    expect(word).toMatch(/^<h1>/);
    expect(word).toMatch(/<h2>Works cited<\/h2><ul>(<li>[^<]+<\/li>)*<li>Warehouse notes<\/li>/);
    expect(word).toContain(`<li id="footnote-1"><p>${note}`);

    const pdf = await exportDocument(db.prisma, documentId, 'pdf');
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.filename).toBe(docx.filename.replace(/\.docx$/, '.pdf'));
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.content)), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`Notes 1. ${note.replace(/\s+/g, ' ')}`);
    expect(flat).toMatch(/Works cited (• [^•]+ )*• Warehouse notes/);
  });

  it('a URL source is refused when the deployment has public sources off', async () => {
    const deps = {
      db: db.prisma,
      catalog: testPipelineDeps(db.prisma, simulator.url).catalog,
      publicSources: false,
      fetchAllowHosts: [],
    };
    await expect(
      startDocument(
        deps,
        owner,
        {
          request: 'Write a report',
          sources: [],
          files: [],
          urls: ['https://example.org/'],
          allowPublicSources: true,
        },
        { subject: { userId: owner }, perMinute: 100 },
      ),
    ).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/PUBLIC_SOURCES is off/) });
  });
});
