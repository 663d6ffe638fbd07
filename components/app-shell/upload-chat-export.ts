import type { ChatImportJson } from '@/components/api/api-types';
import { ApiError, parseApiError } from '@/components/api/fetch-json';

/**
 * POST /api/chats/import (multipart `file`), with upload progress: fetch cannot
 * report the bytes sent, XMLHttpRequest can. `onSent` fires once the whole file
 * is up and the server is reading it.
 */
export function uploadChatExport(
  file: File,
  onProgress: (loaded: number, total: number) => void,
  onSent: () => void,
  signal?: AbortSignal,
): Promise<ChatImportJson> {
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/chats/import');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    request.upload.onload = onSent;
    request.onload = () => {
      if (request.status < 200 || request.status >= 300)
        return reject(parseApiError(request.status, request.responseText, request.getResponseHeader('retry-after')));
      try {
        resolve(JSON.parse(request.responseText) as ChatImportJson);
      } catch (error) {
        reject(new ApiError(request.status, 'bad_response', `The server's answer could not be read: ${String(error)}`));
      }
    };
    request.onerror = () => reject(new ApiError(0, 'network', 'The upload did not reach the server.'));
    request.onabort = () => reject(new ApiError(0, 'aborted', 'The upload was cancelled.'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
