'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { DEFAULT_CHAT_TITLE } from '@/lib/chat/limits';

// The server names an untitled chat DEFAULT_CHAT_TITLE; shown in the reader's language.

export function useChatTitle(): (title: string) => string {
  const t = useTranslations('chat');
  return (title) => (title === DEFAULT_CHAT_TITLE ? t('untitled') : title);
}

const CHAT_RENAMED = 'quire:chat-renamed';

interface ChatRenamed {
  chatId: string;
  title: string;
}

/** Tells the open chat's screen that the chat list renamed a chat (the screen holds its own copy of the chat). */
export function announceChatRenamed(renamed: ChatRenamed): void {
  window.dispatchEvent(new CustomEvent<ChatRenamed>(CHAT_RENAMED, { detail: renamed }));
}

/**
 * The title a chat's header shows: the one its view holds, or the name just
 * given in the chat list, until the view brings a newer title of its own.
 */
export function useShownChatTitle(chatId: string, title: string): string {
  const [renamed, setRenamed] = useState<{ from: string; to: string } | null>(null);
  useEffect(() => {
    const onRenamed = (event: Event) => {
      const { detail } = event as CustomEvent<ChatRenamed>;
      if (detail.chatId === chatId) setRenamed({ from: title, to: detail.title });
    };
    window.addEventListener(CHAT_RENAMED, onRenamed);
    return () => window.removeEventListener(CHAT_RENAMED, onRenamed);
  }, [chatId, title]);
  return renamed && renamed.from === title ? renamed.to : title;
}
