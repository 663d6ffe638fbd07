'use client';

import { ArrowLeft } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useCallback, useRef, useState } from 'react';
import type { ChatJson, ModelJson } from '@/components/api/api-types';
import { MessageAnchor, useOpenedAt } from '@/components/chat/message-anchor';
import { MoreMessages } from '@/components/chat/more-messages';
import { useMessagePages } from '@/components/chat/use-message-pages';
import { useChatTitle } from '@/components/chat/use-chat-title';
import { useModelLabel } from '@/components/chat/use-model-label';
import { CostChart } from '@/components/insights/cost-chart';
import { KeyFacts } from '@/components/insights/key-facts';
import { Badge } from '@/components/ui/badge';
import { CloseChatButton } from './close-chat-button';
import { StaffMessage, StaffRound } from './staff-message';

/** A read-only transcript: every answer's status, model, tokens and calls; slots with history. */
export function StaffTranscript({
  chat: initial,
  models,
  openedAt,
}: {
  chat: ChatJson;
  models: ModelJson[];
  /** the message the transcript was opened at (a stopped answer linked from the ledger): shown and marked */
  openedAt?: string;
}) {
  const t = useTranslations('staff.transcript');
  // opened with its newest page (or the page around `openedAt`); earlier and later pages are read on request
  const [chat, setChatState] = useState(initial);
  const chatRef = useRef(initial);
  const setChat = useCallback((next: ChatJson) => {
    chatRef.current = next;
    setChatState(next);
  }, []);
  const pages = useMessagePages(chatRef, setChat);
  const scrollRef = useRef<HTMLDivElement>(null);
  const highlighted = useOpenedAt(openedAt, initial.messages);
  const titleOf = useChatTitle();
  const modelLabel = useModelLabel();
  const labelOf = (id: string | null) => (id ? modelLabel(models.find((m) => m.id === id)?.label ?? id) : null);
  const byId = new Map(chat.messages.map((m) => [m.id, m]));
  const lookup = (id: string) => byId.get(id);
  return (
    <div ref={scrollRef} className="h-full overflow-y-auto">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8">
        <Link
          href="/staff"
          className="inline-flex w-fit items-center gap-1.5 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {t('back')}
        </Link>
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
              <span className="truncate">{titleOf(chat.title)}</span>
              <Badge tone={chat.status === 'open' ? 'green' : 'neutral'}>{t(`chatStatus.${chat.status}`)}</Badge>
            </h1>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              {chat.user?.name} · {chat.user?.email}
            </p>
          </div>
          <CloseChatButton chatId={chat.id} closed={chat.status !== 'open'} />
        </header>
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <section aria-label={t('messages')} className="flex flex-col gap-3">
            <MoreMessages edge="earlier" pages={pages.earlier} scrollRef={scrollRef} auto={false} />
            {chat.messages.length === 0 && <p className="text-sm text-zinc-500">{t('noMessages')}</p>}
            {chat.messages.map((message) => (
              <MessageAnchor key={message.id} id={message.id} highlighted={message.id === highlighted}>
                {message.round?.length ? (
                  <StaffRound message={message} labelOf={labelOf} lookup={lookup} />
                ) : (
                  <StaffMessage message={message} modelLabel={labelOf(message.model)} lookup={lookup} />
                )}
              </MessageAnchor>
            ))}
            <MoreMessages edge="later" pages={pages.later} scrollRef={scrollRef} />
          </section>
          <aside className="flex flex-col gap-8" aria-label={t('details')}>
            {chat.summary && (
              <section aria-labelledby="summary-title">
                <h2 id="summary-title" className="text-sm font-semibold">
                  {t('summary')}
                </h2>
                <p className="mt-2 text-xs leading-relaxed whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">{chat.summary}</p>
              </section>
            )}
            <KeyFacts chatId={chat.id} slots={chat.slots} readOnly />
            <CostChart messages={chat.messages} earlier={chat.earlierUsage} />
          </aside>
        </div>
      </div>
    </div>
  );
}
