import type { WaitingAttachmentJson } from '@/components/api/api-types';
import { imageTypeOf, MAX_IMAGE_BYTES } from '@/lib/chat/files/file-limits';
import { MAX_FILES_PER_REQUEST, MAX_SOURCE_FILE_BYTES, MAX_UPLOAD_FILES_BYTES, sourceKindOf } from '@/lib/documents/sources/upload-limits';

/** Why a picked file is not accepted (each has a message in chat.attachments.problems). */
export type AttachmentProblem = 'type' | 'empty' | 'fileTooLarge' | 'tooMany' | 'uploadTooLarge';

export interface PickedFile {
  name: string;
  type: string;
  size: number;
}

/**
 * Checks newly picked files against the upload limits of POST /api/documents/attachments,
 * counting the files already waiting to be uploaded: the browser refuses what the
 * server would refuse (413/422), before any byte is sent.
 */
export function checkPicked(waiting: readonly PickedFile[], picked: readonly PickedFile[]): Array<AttachmentProblem | null> {
  let count = waiting.length;
  let bytes = waiting.reduce((sum, file) => sum + file.size, 0);
  return picked.map((file) => {
    const image = !sourceKindOf(file) && imageTypeOf(file);
    if (!sourceKindOf(file) && !image) return 'type';
    if (file.size === 0) return 'empty';
    if (file.size > (image ? MAX_IMAGE_BYTES : MAX_SOURCE_FILE_BYTES)) return 'fileTooLarge';
    if (count + 1 > MAX_FILES_PER_REQUEST) return 'tooMany';
    if (bytes + file.size > MAX_UPLOAD_FILES_BYTES) return 'uploadTooLarge';
    count += 1;
    bytes += file.size;
    return null;
  });
}

/**
 * Each file's share of a multipart upload's progress: the files go in the order
 * they were appended, so file i is done once the bytes before it and its own are sent.
 */
export function progressPerFile(sizes: readonly number[], loaded: number, total: number): number[] {
  const filesBytes = sizes.reduce((sum, size) => sum + size, 0);
  // the body also carries the fields and the multipart framing: scale the loaded bytes down to file bytes
  const sent = total > 0 ? (loaded / total) * filesBytes : 0;
  let before = 0;
  return sizes.map((size) => {
    const share = size > 0 ? Math.min(1, Math.max(0, (sent - before) / size)) : 1;
    before += size;
    return share;
  });
}

/** The file a server error names (“name” is larger than…), so the chip that caused it is the one marked. */
export function fileNamedIn(message: string, names: readonly string[]): number {
  return names.findIndex((name) => message.includes(`“${name}”`));
}

/**
 * ready: picked, not sent; uploading; attached: saved in the chat, waiting for
 * start_document (removing it deletes it on the server); failed: refused, with the reason.
 */
export type AttachmentState = 'ready' | 'uploading' | 'attached' | 'failed';

/** Bytes of a file picked in this tab; paragraphs or pages of one the server kept (it keeps only the text). */
export type AttachmentSize = { bytes: number } | { unit: 'paragraph' | 'page'; count: number };

export interface Attachment {
  key: string;
  /** what the chip calls it: the picked file's name, or the waiting file's title */
  name: string;
  size: AttachmentSize;
  /** the picked file, sent on Send; null for a file that already waits on the server */
  file: File | null;
  /** the server's id once the file waits in the chat */
  sourceId: string | null;
  /** the kept copy's id (POST /api/chats/:id/files), which the message names; null for a file from before there were any */
  fileId: string | null;
  /** an image: only a model with vision reads it */
  image: boolean;
  state: AttachmentState;
  /** 0..1 while uploading */
  progress: number;
  problem: string | null;
  /** its DELETE is on the way */
  removing: boolean;
}

/**
 * The chips after the chat's waiting files arrive from the server: those not
 * already shown go first, oldest first (the API lists newest first), because
 * they were attached before anything picked since the page loaded.
 */
export function withWaitingFiles(
  current: readonly Attachment[],
  waiting: readonly WaitingAttachmentJson[],
  keyOf: (sourceId: string) => string,
): Attachment[] {
  const shown = new Set(current.flatMap((a) => (a.sourceId ? [a.sourceId] : [])));
  const loaded = waiting
    .filter((w) => !shown.has(w.id))
    .reverse()
    .map(
      (w): Attachment => ({
        key: keyOf(w.id),
        name: w.title,
        size: w.size,
        file: null,
        sourceId: w.id,
        fileId: null,
        image: false,
        state: 'attached',
        progress: 1,
        problem: null,
        removing: false,
      }),
    );
  return [...loaded, ...current];
}
