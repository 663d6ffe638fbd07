'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/components/api/fetch-json';
import { formatFileSize } from '@/components/format/file-size';
import { chatFileUrl } from '@/lib/chat/files/chat-file-url';
import { imageTypeOf } from '@/lib/chat/files/file-limits';
import type { SentFile } from '@/lib/chat/turn/wire';
import { MAX_FILES_PER_REQUEST, MAX_SOURCE_FILE_BYTES, MAX_UPLOAD_FILES_BYTES, sourceKindOf } from '@/lib/documents/sources/upload-limits';
import { checkPicked, fileNamedIn, progressPerFile, withWaitingFiles, type Attachment, type AttachmentProblem } from './attachment-rules';
import { uploadAttachments } from './upload-attachments';
import { deleteWaitingFile, fetchWaitingFiles } from './waiting-files';

export type { Attachment, AttachmentState } from './attachment-rules';

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Files attached in the composer. They are uploaded when the message is sent,
 * just before it, so a file removed before sending never reaches the chat, and
 * the model's start_document (which adopts the chat's files) runs after they
 * are saved. Uploaded files wait on the server: the chips load them again when
 * the chat opens, and removing one deletes it there while no document has taken it.
 */
export function useChatAttachments(chatId: string, documentsStarted: number) {
  const t = useTranslations('chat.attachments');
  const locale = useLocale();
  const [items, setItems] = useState<Attachment[]>([]);
  const [error, setError] = useState<string | null>(null);
  const nextKey = useRef(0);

  // files uploaded before a reload (or in another tab) still wait in the chat
  useEffect(() => {
    const abort = new AbortController();
    fetchWaitingFiles(chatId, abort.signal).then(
      (waiting) => setItems((current) => withWaitingFiles(current, waiting, (id) => `waiting-${id}`)),
      (failure: unknown) => {
        if (abort.signal.aborted) return;
        setError(t('loadFailed', { message: failure instanceof Error ? failure.message : String(failure) }));
      },
    );
    return () => abort.abort();
  }, [chatId, t]);

  // a started document took the files that waited in the chat as its sources
  const startsSeen = useRef(documentsStarted);
  useEffect(() => {
    if (documentsStarted > startsSeen.current) setItems((current) => current.filter((a) => a.state !== 'attached'));
    startsSeen.current = documentsStarted;
  }, [documentsStarted]);

  const describeProblem = useCallback(
    (problem: AttachmentProblem) =>
      t(`problems.${problem}`, {
        max: formatFileSize(MAX_SOURCE_FILE_BYTES, locale),
        count: MAX_FILES_PER_REQUEST,
        total: formatFileSize(MAX_UPLOAD_FILES_BYTES, locale),
      }),
    [locale, t],
  );

  const add = useCallback(
    (picked: File[]) => {
      setError(null);
      const fresh = picked.filter((file) => !items.some((a) => a.state !== 'failed' && a.file && sameFile(a.file, file)));
      const problems = checkPicked(
        items.flatMap((a) => (a.state === 'ready' && a.file ? [a.file] : [])),
        fresh,
      );
      const added = fresh.map((file, i): Attachment => {
        const problem = problems[i];
        return {
          key: `attachment-${nextKey.current++}`,
          name: file.name,
          size: { bytes: file.size },
          file,
          sourceId: null,
          fileId: null,
          image: !sourceKindOf(file) && imageTypeOf(file) !== null,
          state: problem ? 'failed' : 'ready',
          progress: 0,
          problem: problem ? describeProblem(problem) : null,
          removing: false,
        };
      });
      setItems((current) => [...current, ...added]);
    },
    [describeProblem, items],
  );

  const drop = useCallback((key: string) => setItems((current) => current.filter((a) => a.key !== key)), []);

  const remove = useCallback(
    async (key: string) => {
      setError(null);
      const item = items.find((a) => a.key === key);
      if (!item || item.state === 'uploading' || item.removing) return;
      if (item.state !== 'attached') return drop(key);
      if (!item.sourceId) return;
      setItems((current) => current.map((a) => (a.key === key ? { ...a, removing: true } : a)));
      try {
        await deleteWaitingFile(item.sourceId);
        drop(key);
      } catch (failure) {
        // 404: already removed (another tab); 409: a document took it meanwhile. Either way it no longer waits here.
        if (failure instanceof ApiError && (failure.status === 404 || failure.status === 409)) {
          drop(key);
          if (failure.status === 409) setError(t('alreadyAdopted', { name: item.name }));
          return;
        }
        setItems((current) => current.map((a) => (a.key === key ? { ...a, removing: false } : a)));
        setError(t('notRemoved', { name: item.name, message: failure instanceof Error ? failure.message : String(failure) }));
      }
    },
    [drop, items, t],
  );

  /**
   * Uploads the files picked since the last send: the files the message is sent with (those uploaded
   * before and not sent yet too), or null (with the reason shown) when the message must not go yet.
   */
  const uploadPending = useCallback(async (): Promise<SentFile[] | null> => {
    if (items.some((a) => a.state === 'failed')) {
      setError(t('removeFailed'));
      return null;
    }
    const unsent = (list: readonly Attachment[]) =>
      list.flatMap((a): SentFile[] =>
        a.state === 'attached' && a.fileId
          ? [
              {
                id: a.fileId,
                name: a.name,
                kind: a.image ? 'image' : 'file',
                size: 'bytes' in a.size ? a.size.bytes : 0,
                url: chatFileUrl(chatId, a.fileId),
              },
            ]
          : [],
      );
    const batch = items.flatMap((a) => (a.state === 'ready' && a.file ? [{ key: a.key, file: a.file }] : []));
    if (batch.length === 0) return unsent(items);
    setError(null);
    const index = new Map(batch.map((a, i) => [a.key, i]));
    const sizes = batch.map((a) => a.file.size);
    const patch = (change: (a: Attachment, i: number) => Attachment) =>
      setItems((current) => current.map((a) => (index.has(a.key) ? change(a, index.get(a.key)!) : a)));
    patch((a) => ({ ...a, state: 'uploading', progress: 0 }));
    try {
      // the server answers one saved source per file, in the order they were sent
      const saved = await uploadAttachments(
        chatId,
        batch.map((a) => a.file),
        (loaded, total) => {
          const shares = progressPerFile(sizes, loaded, total);
          patch((a, i) => ({ ...a, progress: shares[i]! }));
        },
      );
      const uploaded = items.map((a) =>
        index.has(a.key)
          ? {
              ...a,
              state: 'attached' as const,
              progress: 1,
              sourceId: saved[index.get(a.key)!]?.sourceId ?? null,
              fileId: saved[index.get(a.key)!]?.id ?? null,
            }
          : a,
      );
      setItems(uploaded);
      return unsent(uploaded);
    } catch (failure) {
      // the server saves an upload whole or not at all: the file it names failed, the others can go again
      const message = failure instanceof Error ? failure.message : String(failure);
      const culprit = fileNamedIn(
        message,
        batch.map((a) => a.file.name),
      );
      patch((a, i) => (i === culprit ? { ...a, state: 'failed', progress: 0, problem: message } : { ...a, state: 'ready', progress: 0 }));
      setError(t('uploadFailed', { message }));
      return null;
    }
  }, [chatId, items, t]);

  /** The message went with these: they show in it now, not in the composer. */
  const markSent = useCallback((sent: readonly SentFile[]) => {
    const ids = new Set(sent.map((f) => f.id));
    setItems((current) => current.filter((a) => !(a.fileId && ids.has(a.fileId))));
  }, []);

  return {
    items,
    error,
    add,
    remove,
    uploadPending,
    markSent,
    uploading: items.some((a) => a.state === 'uploading'),
    blocked: items.some((a) => a.state === 'failed'),
  };
}
