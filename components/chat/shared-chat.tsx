'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import type { ModelJson, SharedMessageJson } from '@/components/api/api-types';
import { fetchPage } from '@/components/api/fetch-page';
import { StreamingMarkdown } from '@/components/chat/streaming-markdown';
import { LocalTime } from '@/components/format/local-time';
import { MoreMessages } from './more-messages';
import { useChatTitle } from './use-chat-title';
import { useModelLabel } from './use-model-label';

interface SharedChatJson {
  title: string;
  sharedBy: string;
  snapshotAt: string;
  messages: SharedMessageJson[];
  olderPage: string | null;
}

/** A chat someone shared, read-only: its newest page of the snapshot, earlier pages on request. No composer, no costs. */
export function SharedChat({ chat, models }: { chat: SharedChatJson; models: ModelJson[] }) {
  const t = useTranslations('chat.shared');
  const locale = useLocale();
  const titleOf = useChatTitle();
  const modelLabel = useModelLabel();
  const [messages, setMessages] = useState(chat.messages);
  const [olderPage, setOlderPage] = useState(chat.olderPage);
  const [reading, setReading] = useState({ loading: false, error: null as string | null });
  const scrollRef = useRef<HTMLDivElement>(null);

  async function loadEarlier() {
    if (!olderPage || reading.loading) return;
    setReading({ loading: true, error: null });
    try {
      const page = await fetchPage<SharedMessageJson>(olderPage);
      setMessages((shown) => {
        const ids = new Set(shown.map((m) => m.id));
        return [...page.items.filter((m) => !ids.has(m.id)).reverse(), ...shown];
      });
      setOlderPage(page.next);
      setReading({ loading: false, error: null });
    } catch (error) {
      setReading({ loading: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  const labelOf = (id: string | null) => (id ? modelLabel(models.find((m) => m.id === id)?.label ?? id) : t('assistant'));
  return (
    <div ref={scrollRef} className="h-full overflow-y-auto">
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-8">
        <header className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{titleOf(chat.title)}</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400" data-testid="shared-by">
            {t('sharedBy', { name: chat.sharedBy })} ·{' '}
            {t('asOf', { at: new Date(chat.snapshotAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) })}
          </p>
        </header>
        <section aria-label={t('messages')} className="flex flex-col gap-3">
          <MoreMessages
            edge="earlier"
            pages={{ hasMore: olderPage !== null, ...reading, load: loadEarlier }}
            scrollRef={scrollRef}
            auto={false}
          />
          {messages.length === 0 && <p className="text-sm text-zinc-500">{t('noMessages')}</p>}
          {messages.map((message) =>
            message.role === 'user' ? (
              <article key={message.id} className="rounded-xl bg-zinc-100 px-4 py-3 dark:bg-zinc-800/70" data-testid="message-user">
                <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">
                  {t('user')} · <LocalTime iso={message.createdAt} />
                </p>
                <p className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{message.text}</p>
              </article>
            ) : message.role === 'system' || message.kind === 'event' ? (
              <p key={message.id} className="text-center text-xs text-zinc-500">
                {message.text}
              </p>
            ) : (
              <article
                key={message.id}
                className="rounded-xl border border-zinc-200 px-4 py-3 dark:border-zinc-800"
                data-testid="message-assistant"
              >
                <p className="mb-2 text-xs text-zinc-500">
                  <span className="font-medium text-zinc-700 dark:text-zinc-300">{labelOf(message.model)}</span> ·{' '}
                  <LocalTime iso={message.createdAt} />
                </p>
                <StreamingMarkdown text={message.text} className="text-sm" />
              </article>
            ),
          )}
        </section>
      </div>
    </div>
  );
}
