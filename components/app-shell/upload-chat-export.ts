import type { ChatImportJson } from '@/components/api/api-types';
import { uploadForm } from '@/components/api/upload-form';

/** POST /api/chats/import (multipart `file`); `onSent` fires once the whole file is up and the server is reading it. */
export function uploadChatExport(
  file: File,
  onProgress: (loaded: number, total: number) => void,
  onSent: () => void,
  signal?: AbortSignal,
): Promise<ChatImportJson> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadForm<ChatImportJson>('/api/chats/import', form, { onProgress, onSent, signal });
}
