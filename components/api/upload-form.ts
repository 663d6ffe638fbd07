import { ApiError, parseApiError } from './fetch-json';

export interface UploadCallbacks {
  onProgress: (loaded: number, total: number) => void;
  /** the whole body is up: the server is reading it now */
  onSent?: () => void;
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form with upload progress (fetch cannot report the bytes
 * sent, XMLHttpRequest can), answering the route's JSON or rejecting with an
 * ApiError as fetchJson does.
 */
export function uploadForm<T>(url: string, form: FormData, { onProgress, onSent, signal }: UploadCallbacks): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    if (onSent) request.upload.onload = onSent;
    request.onload = () => {
      if (request.status < 200 || request.status >= 300)
        return reject(parseApiError(request.status, request.responseText, request.getResponseHeader('retry-after')));
      try {
        resolve(JSON.parse(request.responseText) as T);
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
