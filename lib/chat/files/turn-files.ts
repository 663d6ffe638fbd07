import type { Db } from '@/lib/db/client';
import { AppError, notFound } from '@/lib/errors';
import type { ModelCatalog, ModelInfo } from '@/lib/llm/catalog';
import type { FilePart } from './file-parts';

/** What a turn's question carries besides its text: files' parts for the prompt, images for a vision model. */
export interface TurnFiles {
  files: Array<{ id: string; name: string; parts: FilePart[] }>;
  images: Array<{ id: string; name: string; mediaType: string; bytes: Uint8Array }>;
}

export const NO_TURN_FILES: TurnFiles = { files: [], images: [] };

/**
 * The files a turn reads: those just attached (`fileIds`, the caller's, in this chat, sent with no
 * message yet) for a new question, or those its question was sent with for a Continue/Retry.
 */
export async function loadTurnFiles(
  db: Db,
  where: { chatId: string; userId: string } & ({ fileIds: readonly string[] } | { messageId: string }),
): Promise<TurnFiles> {
  const ids = 'fileIds' in where ? [...new Set(where.fileIds)] : null;
  if (ids?.length === 0) return NO_TURN_FILES;
  const rows = await db.chatFile.findMany({
    where: {
      chatId: where.chatId,
      ownerId: where.userId,
      ...(ids ? { id: { in: ids }, messageId: null } : { messageId: (where as { messageId: string }).messageId }),
    },
    orderBy: [{ createdAt: 'asc' }, { name: 'asc' }],
    select: {
      id: true,
      name: true,
      kind: true,
      mediaType: true,
      // the bytes only of images: a file is sent as its text
      parts: { orderBy: { number: 'asc' }, select: { number: true, label: true, text: true } },
    },
  });
  if (ids && rows.length !== ids.length) throw notFound('An attached file is gone (or was sent already); attach it again.');
  const imageIds = rows.filter((row) => row.kind === 'image').map((row) => row.id);
  const bytes = imageIds.length ? await db.chatFile.findMany({ where: { id: { in: imageIds } }, select: { id: true, bytes: true } }) : [];
  return {
    files: rows.filter((row) => row.kind === 'file').map((row) => ({ id: row.id, name: row.name, parts: row.parts })),
    images: rows
      .filter((row) => row.kind === 'image')
      .map((row) => ({ id: row.id, name: row.name, mediaType: row.mediaType, bytes: bytes.find((b) => b.id === row.id)!.bytes })),
  };
}

/**
 * A model without vision never gets an image: 422 before anything is written or called, naming
 * the models that would read it (the composer offers the first).
 */
export function checkVision(model: ModelInfo, catalog: ModelCatalog, files: TurnFiles): void {
  if (files.images.length === 0 || model.vision) return;
  const withVision = catalog.models.filter((m) => m.vision).map((m) => ({ id: m.id, label: m.label }));
  throw new AppError(
    'unprocessable',
    withVision.length
      ? `${model.label} does not read images; send this message with ${withVision[0]!.label} instead.`
      : `${model.label} does not read images, and no model here does.`,
    { limit: 'vision', models: withVision },
  );
}
