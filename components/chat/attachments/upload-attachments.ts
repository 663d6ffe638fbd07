import type { AttachedSourceJson } from '@/components/api/api-types';
import { uploadForm } from '@/components/api/upload-form';

/** POST /api/documents/attachments (multipart: `chatId` + the files), with upload progress. */
export function uploadAttachments(
  chatId: string,
  files: readonly File[],
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<AttachedSourceJson[]> {
  const form = new FormData();
  form.append('chatId', chatId);
  for (const file of files) form.append('files', file, file.name);
  return uploadForm<AttachedSourceJson[]>('/api/documents/attachments', form, { onProgress, signal });
}
