'use client';

import type { ChatDeletedJson, ChatJson, ChatSettingsBody } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import { announceChatRenamed } from '@/components/chat/use-chat-title';

const changeChat = (chatId: string, body: ChatSettingsBody) => fetchJson<ChatJson>(`/api/chats/${chatId}`, { method: 'PATCH', body });

/** The chat list's actions on one chat (PATCH / DELETE /api/chats/:id). */
export const chatActions = {
  rename: async (chatId: string, title: string) => {
    const chat = await changeChat(chatId, { title });
    announceChatRenamed({ chatId, title: chat.title });
    return chat;
  },
  setWebSearch: (chatId: string, webSearch: boolean) => changeChat(chatId, { webSearch }),
  archive: (chatId: string) => changeChat(chatId, { status: 'archived' }),
  unarchive: (chatId: string) => changeChat(chatId, { status: 'open' }),
  remove: (chatId: string) => fetchJson<ChatDeletedJson>(`/api/chats/${chatId}`, { method: 'DELETE' }),
};
