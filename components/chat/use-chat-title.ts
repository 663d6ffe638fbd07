'use client';

import { useTranslations } from 'next-intl';
import { DEFAULT_CHAT_TITLE } from '@/lib/chat/limits';

// The server names an untitled chat DEFAULT_CHAT_TITLE; shown in the reader's language.

export function useChatTitle(): (title: string) => string {
  const t = useTranslations('chat');
  return (title) => (title === DEFAULT_CHAT_TITLE ? t('untitled') : title);
}
