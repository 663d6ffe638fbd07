import type { AttachedSourceJson } from '@/components/api/api-types';
import { ApiError, parseApiError } from '@/components/api/fetch-json';

/**
 * POST /api/documents/attachments (multipart: `chatId` + the files), with upload
 * progress: fetch cannot report the bytes sent, XMLHttpRequest can.
 */
export function uploadAttachments(
  chatId: string,
  files: readonly File[],
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<AttachedSourceJson[]> {
  const form = new FormData();
  form.append('chatId', chatId);
  for (const file of files) form.append('files', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/documents/attachments');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) return reject(parseApiError(request.status, request.responseText));
      try {
        resolve(JSON.parse(request.responseText) as AttachedSourceJson[]);
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
