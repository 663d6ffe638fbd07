import { fetchJson } from '@/components/api/fetch-json';
import type { WaitingAttachmentJson } from '@/components/api/api-types';

/** GET /api/documents/attachments?chatId=…: the files uploaded in this chat that no document has taken yet. */
export function fetchWaitingFiles(chatId: string, signal?: AbortSignal): Promise<WaitingAttachmentJson[]> {
  return fetchJson<WaitingAttachmentJson[]>(`/api/documents/attachments?chatId=${encodeURIComponent(chatId)}`, { signal });
}

/** DELETE /api/documents/attachments/:id: 404 when it is already gone, 409 once a document adopted it. */
export async function deleteWaitingFile(sourceId: string): Promise<void> {
  await fetchJson(`/api/documents/attachments/${encodeURIComponent(sourceId)}`, { method: 'DELETE' });
}
