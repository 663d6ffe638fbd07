import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachToChat, listWaitingAttachments, removeWaitingAttachment } from '@/lib/documents/intake/attachments';
import { createDocument } from '@/lib/documents/intake/queue-document';
import { parsePastedText, parseSourceFile } from '@/lib/documents/sources/parse-source-file';
import { createTestChat, createTestUser } from '@/tests/support/documents-harness';
import { pdfWithPages } from '@/tests/support/office-fixtures';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '@/tests/support/test-database';

describe.each(testDatabaseKinds())('files waiting in a chat on %s', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await db?.dispose();
  });

  const notes = (title: string) => parsePastedText(title, 'First paragraph.\n\nSecond paragraph.\n\nThird paragraph.');

  async function personWithChat() {
    const userId = await createTestUser(db.prisma);
    const chatId = await createTestChat(db.prisma, userId);
    return { userId, chatId };
  }

  it('lists the person’s files still waiting in that chat, newest first, sized in paragraphs or pages', async () => {
    const { userId, chatId } = await personWithChat();
    const [older] = await attachToChat(db.prisma, userId, chatId, [notes('Older notes')]);
    // createdAt has millisecond resolution: make the second upload visibly newer
    await new Promise((resolve) => setTimeout(resolve, 5));
    const scan = await parseSourceFile({ name: 'scan.pdf', type: 'application/pdf', bytes: pdfWithPages(['Page one.', 'Page two.']) });
    const [newer] = await attachToChat(db.prisma, userId, chatId, [scan]);

    const listed = await listWaitingAttachments(db.prisma, userId, chatId);
    expect(listed.map((a) => a.id)).toEqual([newer!.id, older!.id]);
    expect(listed[0]).toMatchObject({ title: 'scan', kind: 'pdf', size: { unit: 'page', count: 2 } });
    expect(listed[1]).toMatchObject({ title: 'Older notes', kind: 'text', size: { unit: 'paragraph', count: 3 } });
    expect(listed[1]!.createdAt).toBeInstanceOf(Date);
  });

  it('leaves out other chats’ files, other people’s files and files a document already adopted', async () => {
    const { userId, chatId } = await personWithChat();
    const otherChat = await createTestChat(db.prisma, userId);
    const stranger = await createTestUser(db.prisma);
    await attachToChat(db.prisma, userId, otherChat, [notes('Elsewhere')]);
    await attachToChat(db.prisma, userId, chatId, [notes('Adopted')]);
    await createDocument(db.prisma, { ownerId: userId, chatId, request: 'A report', model: 'sim-swift', adoptChatSources: true });
    const [waiting] = await attachToChat(db.prisma, userId, chatId, [notes('Still waiting')]);

    expect((await listWaitingAttachments(db.prisma, userId, chatId)).map((a) => a.id)).toEqual([waiting!.id]);
    expect(await listWaitingAttachments(db.prisma, stranger, chatId)).toEqual([]);
  });

  it('removes a waiting file with its paragraphs, so it is no longer listed', async () => {
    const { userId, chatId } = await personWithChat();
    const [kept, removed] = await attachToChat(db.prisma, userId, chatId, [notes('Kept'), notes('Removed')]);

    await removeWaitingAttachment(db.prisma, userId, removed!.id);

    expect((await listWaitingAttachments(db.prisma, userId, chatId)).map((a) => a.id)).toEqual([kept!.id]);
    expect(await db.prisma.sourceParagraph.count({ where: { sourceId: removed!.id } })).toBe(0);
    // removing it again: it is gone
    await expect(removeWaitingAttachment(db.prisma, userId, removed!.id)).rejects.toMatchObject({ status: 404 });
  });

  it('answers 404 for someone else’s file, an unknown id, or a source that was never attached in a chat, and removes nothing', async () => {
    const { userId, chatId } = await personWithChat();
    const stranger = await createTestUser(db.prisma);
    const [file] = await attachToChat(db.prisma, userId, chatId, [notes('Mine')]);
    const document = await createDocument(db.prisma, {
      ownerId: userId,
      request: 'A report',
      model: 'sim-swift',
      sources: [notes('Given with the request')],
    });
    const direct = await db.prisma.source.findFirstOrThrow({ where: { documentId: document.id }, select: { id: true } });

    await expect(removeWaitingAttachment(db.prisma, stranger, file!.id)).rejects.toMatchObject({ code: 'not_found', status: 404 });
    await expect(removeWaitingAttachment(db.prisma, userId, 'no-such-id')).rejects.toMatchObject({ status: 404 });
    await expect(removeWaitingAttachment(db.prisma, userId, direct.id)).rejects.toMatchObject({ status: 404 });

    expect((await listWaitingAttachments(db.prisma, userId, chatId)).map((a) => a.id)).toEqual([file!.id]);
    expect(await db.prisma.source.count({ where: { id: direct.id } })).toBe(1);
  });

  it('refuses with 409, naming the document, once start_document adopted the file; the document keeps it', async () => {
    const { userId, chatId } = await personWithChat();
    const [file] = await attachToChat(db.prisma, userId, chatId, [notes('Adopted')]);
    const document = await createDocument(db.prisma, {
      ownerId: userId,
      chatId,
      request: 'A report',
      model: 'sim-swift',
      adoptChatSources: true,
    });

    const refused = removeWaitingAttachment(db.prisma, userId, file!.id);
    await expect(refused).rejects.toMatchObject({ code: 'conflict', status: 409, body: { documentId: document.id } });
    expect(await db.prisma.source.count({ where: { id: file!.id, documentId: document.id } })).toBe(1);
  });

  it('a removal racing start_document ends one way: removed and not adopted, or adopted and refused', async () => {
    const { userId, chatId } = await personWithChat();
    const [file] = await attachToChat(db.prisma, userId, chatId, [notes('Contested')]);
    const [removal, document] = await Promise.all([
      removeWaitingAttachment(db.prisma, userId, file!.id).then(
        () => 'removed' as const,
        (error: { status?: number }) => error.status,
      ),
      createDocument(db.prisma, { ownerId: userId, chatId, request: 'A report', model: 'sim-swift', adoptChatSources: true }),
    ]);
    const adopted = await db.prisma.source.count({ where: { documentId: document.id } });
    // never both (a document citing a file that is gone) and never neither (a refusal for a file that is gone)
    expect({ removal, adopted }).toEqual(removal === 'removed' ? { removal: 'removed', adopted: 0 } : { removal: 409, adopted: 1 });
  });
});
