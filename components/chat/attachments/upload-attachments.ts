import type { AttachedChatFileJson } from '@/components/api/api-types';
import { uploadForm } from '@/components/api/upload-form';

/** POST /api/chats/:id/files (multipart: the files), with upload progress. */
export function uploadAttachments(
  chatId: string,
  files: readonly File[],
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<AttachedChatFileJson[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return uploadForm<AttachedChatFileJson[]>(`/api/chats/${encodeURIComponent(chatId)}/files`, form, { onProgress, signal });
}
