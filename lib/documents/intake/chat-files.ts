import type { Db } from '@/lib/db/client';
import { AppError, notFound } from '@/lib/errors';
import type { UploadDeps } from './attachments';
import { parseSourceFile, sourceKindOf, type ParsedSource, type SourceFile } from '../sources/parse-source-file';
import { saveSources } from '../sources/save-sources';
import { checkUploadAllowed } from '../sources/upload-gate';
import { toFileParts } from '@/lib/chat/files/file-parts';
import { imageTypeOf, MAX_CHAT_FILES_STORAGE_BYTES } from '@/lib/chat/files/file-limits';
import { readChatImage, type ReadImage } from '@/lib/chat/files/read-image';

/** A file or image just attached in a chat, waiting for the message it is sent with. */
export interface AttachedChatFile {
  id: string;
  /** the waiting source start_document adopts (files only) */
  sourceId: string | null;
  kind: 'file' | 'image';
  name: string;
  size: number;
}

type Read = { file: SourceFile; source: ParsedSource; image?: undefined } | { file: SourceFile; image: ReadImage; source?: undefined };

/**
 * POST /api/chats/:id/files. The chat must be the caller's; then the limits (rate, credits, the
 * person's storage); only then is each file read: a document by the capped worker-thread parsers
 * (its text becomes the parts the prompt sends), an image re-encoded without its metadata. A file
 * also waits in the chat as a source, so the chat's start_document adopts it as before.
 */
export async function uploadChatFiles(deps: UploadDeps, userId: string, chatId: string, files: SourceFile[]): Promise<AttachedChatFile[]> {
  const chat = await deps.db.chat.findFirst({ where: { id: chatId, userId }, select: { id: true } });
  if (!chat) throw notFound('Chat not found.');
  await checkUploadAllowed(deps.db, deps.rate);
  await checkStorage(
    deps.db,
    userId,
    files.reduce((sum, f) => sum + f.bytes.byteLength, 0),
  );
  const read: Read[] = [];
  for (const file of files) {
    // a file that is both (an .svg is neither) is read as text: images are only what sharp can decode
    if (imageTypeOf(file) && !sourceKindOf(file)) read.push({ file, image: await readChatImage(file) });
    else read.push({ file, source: await parseSourceFile(file) });
  }
  return deps.db.$transaction(async (tx) => {
    const attached: AttachedChatFile[] = [];
    for (const item of read) {
      const common = { ownerId: userId, chatId, name: item.file.name.slice(0, 255) };
      if (item.image) {
        const row = await tx.chatFile.create({
          data: {
            ...common,
            kind: 'image',
            mediaType: item.image.mediaType,
            bytes: new Uint8Array(item.image.bytes),
            size: item.image.bytes.byteLength,
            width: item.image.width,
            height: item.image.height,
          },
          select: { id: true, size: true },
        });
        attached.push({ id: row.id, sourceId: null, kind: 'image', name: common.name, size: row.size });
        continue;
      }
      const [source] = await saveSources(tx, { ownerId: userId, chatId }, [item.source]);
      const row = await tx.chatFile.create({
        data: {
          ...common,
          kind: 'file',
          sourceId: source!.id,
          mediaType: item.file.type || 'application/octet-stream',
          bytes: new Uint8Array(item.file.bytes),
          size: item.file.bytes.byteLength,
          unit: item.source.unit,
        },
        select: { id: true, size: true },
      });
      const parts = toFileParts(item.source.unit, item.source.paragraphs);
      await tx.chatFilePart.createMany({ data: parts.map((part) => ({ ...part, fileId: row.id, chatId })) });
      attached.push({ id: row.id, sourceId: source!.id, kind: 'file', name: common.name, size: row.size });
    }
    return attached;
  });
}

/** The bytes a person keeps in chat files (one indexed sum over their rows). */
export async function chatFilesStorage(db: Db, userId: string): Promise<number> {
  const used = await db.chatFile.aggregate({ where: { ownerId: userId }, _sum: { size: true } });
  return used._sum.size ?? 0;
}

async function checkStorage(db: Db, userId: string, adding: number): Promise<void> {
  const used = await chatFilesStorage(db, userId);
  if (used + adding > MAX_CHAT_FILES_STORAGE_BYTES) {
    throw new AppError(
      'payload_too_large',
      `Your chat files would take more than ${MAX_CHAT_FILES_STORAGE_BYTES / 1024 / 1024} MB of storage; delete chats with files you no longer need.`,
      { limit: 'storage' },
    );
  }
}
