/** Where a chat file downloads (GET /api/chats/:id/files/:fileId); the browser and the server share it. */
export function chatFileUrl(chatId: string, fileId: string): string {
  return `/api/chats/${encodeURIComponent(chatId)}/files/${encodeURIComponent(fileId)}`;
}
