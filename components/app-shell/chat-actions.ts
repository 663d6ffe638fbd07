'use client';

import { fetchJson } from '@/components/api/fetch-json';

/** The chat list's actions on one chat (PATCH / DELETE /api/chats/:id). */
export const chatActions = {
  rename: (chatId: string, title: string) => fetchJson(`/api/chats/${chatId}`, { method: 'PATCH', body: { title } }),
  archive: (chatId: string) => fetchJson(`/api/chats/${chatId}`, { method: 'PATCH', body: { status: 'archived' } }),
  unarchive: (chatId: string) => fetchJson(`/api/chats/${chatId}`, { method: 'PATCH', body: { status: 'open' } }),
  remove: (chatId: string) => fetchJson(`/api/chats/${chatId}`, { method: 'DELETE' }),
};
