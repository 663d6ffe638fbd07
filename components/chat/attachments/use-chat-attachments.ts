'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatFileSize } from '@/components/format/file-size';
import { MAX_FILES_PER_REQUEST, MAX_SOURCE_FILE_BYTES, MAX_UPLOAD_FILES_BYTES } from '@/lib/documents/sources/upload-limits';
import { checkPicked, fileNamedIn, progressPerFile, type AttachmentProblem } from './attachment-rules';
import { uploadAttachments } from './upload-attachments';

/**
 * ready: picked, not sent (removable); uploading; attached: saved in the chat,
 * waiting for start_document (the server has no way to take it back); failed: refused, with the reason.
 */
export type AttachmentState = 'ready' | 'uploading' | 'attached' | 'failed';

export interface Attachment {
  key: string;
  file: File;
  state: AttachmentState;
  /** 0..1 while uploading */
  progress: number;
  problem: string | null;
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Files attached in the composer. They are uploaded when the message is sent,
 * just before it, so a file removed before sending never reaches the chat, and
 * the model's start_document (which adopts the chat's files) runs after they
 * are saved. The list lives in this tab only: there is no endpoint that lists
 * a chat's waiting files, so after a reload they are not shown (they still wait on the server).
 */
export function useChatAttachments(chatId: string, documentsStarted: number) {
  const t = useTranslations('chat.attachments');
  const locale = useLocale();
  const [items, setItems] = useState<Attachment[]>([]);
  const [error, setError] = useState<string | null>(null);
  const nextKey = useRef(0);

  // a started document took the files that waited in the chat as its sources
  const startsSeen = useRef(documentsStarted);
  useEffect(() => {
    if (documentsStarted > startsSeen.current) setItems((current) => current.filter((a) => a.state !== 'attached'));
    startsSeen.current = documentsStarted;
  }, [documentsStarted]);

  const describe = useCallback(
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
      const fresh = picked.filter((file) => !items.some((a) => a.state !== 'failed' && sameFile(a.file, file)));
      const problems = checkPicked(
        items.filter((a) => a.state === 'ready').map((a) => a.file),
        fresh,
      );
      const added = fresh.map((file, i): Attachment => {
        const problem = problems[i];
        return { key: `attachment-${nextKey.current++}`, file, state: problem ? 'failed' : 'ready', progress: 0, problem: problem ? describe(problem) : null };
      });
      setItems((current) => [...current, ...added]);
    },
    [describe, items],
  );

  const remove = useCallback((key: string) => {
    setError(null);
    setItems((current) => current.filter((a) => a.key !== key || a.state === 'uploading' || a.state === 'attached'));
  }, []);

  /** Uploads the files picked since the last send; false (with the reason shown) when the message must not go yet. */
  const uploadPending = useCallback(async (): Promise<boolean> => {
    if (items.some((a) => a.state === 'failed')) {
      setError(t('removeFailed'));
      return false;
    }
    const batch = items.filter((a) => a.state === 'ready');
    if (batch.length === 0) return true;
    setError(null);
    const index = new Map(batch.map((a, i) => [a.key, i]));
    const sizes = batch.map((a) => a.file.size);
    const patch = (change: (a: Attachment, i: number) => Attachment) =>
      setItems((current) => current.map((a) => (index.has(a.key) ? change(a, index.get(a.key)!) : a)));
    patch((a) => ({ ...a, state: 'uploading', progress: 0 }));
    try {
      await uploadAttachments(
        chatId,
        batch.map((a) => a.file),
        (loaded, total) => {
          const shares = progressPerFile(sizes, loaded, total);
          patch((a, i) => ({ ...a, progress: shares[i]! }));
        },
      );
      patch((a) => ({ ...a, state: 'attached', progress: 1 }));
      return true;
    } catch (failure) {
      // the server saves an upload whole or not at all: the file it names failed, the others can go again
      const message = failure instanceof Error ? failure.message : String(failure);
      const culprit = fileNamedIn(message, batch.map((a) => a.file.name));
      patch((a, i) => (i === culprit ? { ...a, state: 'failed', progress: 0, problem: message } : { ...a, state: 'ready', progress: 0 }));
      setError(t('uploadFailed', { message }));
      return false;
    }
  }, [chatId, items, t]);

  return {
    items,
    error,
    add,
    remove,
    uploadPending,
    uploading: items.some((a) => a.state === 'uploading'),
    blocked: items.some((a) => a.state === 'failed'),
  };
}
