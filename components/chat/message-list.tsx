'use client';

import { useTranslations } from 'next-intl';
import { type RefObject, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { ChatMessageJson, ModelJson } from '@/components/api/api-types';
import { answerStatus } from './answer-status';
import { AssistantMessage } from './assistant-message';
import type { ChatMessage } from '@/lib/chat/turn/wire';
import { EventNotice } from './event-notice';
import { MessageAnchor } from './message-anchor';
import { roundAnswers, SideBySide } from './side-by-side';
import { ThinkingDots } from './thinking-dots';
import { useModelLabel } from './use-model-label';
import { UserMessage } from './user-message';
import { MESSAGE_GAP_PX, VirtualMessages } from './virtual-messages';

/** From this many messages (three pages read back), only those near the view are in the page. */
const VIRTUAL_FROM = 150;

interface MessageListProps {
  messages: ChatMessage[];
  records: Map<string, ChatMessageJson>;
  models: ModelJson[];
  /** the answer whose stream is running or not saved yet */
  pendingId: string | null;
  /** text is arriving in this tab */
  streaming: boolean;
  /** the request is sent and the answer has not started */
  awaitingAnswer: boolean;
  actionsDisabled: boolean;
  onContinue: (messageId: string) => void;
  onRetry: (messageId: string) => void;
  /** the model the composer has chosen: the last answer can be regenerated with it */
  regenerateModel: string;
  onRegenerate: (messageId: string) => void;
  /** edit and resend one of the person's saved messages */
  onEdit: (messageId: string, text: string) => void;
  /** show this version of a message instead of the one shown (‹ n / m ›) */
  onShowSibling: (messageId: string) => void;
  /** mark a side-by-side answer as the better one of its round, or take the mark off */
  onMarkBetter: (messageId: string, better: boolean) => Promise<void>;
  /** the other answers of a side-by-side round, as they stream in this tab */
  sides: ReadonlyMap<string, ChatMessage>;
  /** a stream is being saved in this tab (after it ended) */
  settling: boolean;
  /** stop one answer of a side-by-side round */
  onStopAnswer: (messageId: string) => void;
  /** the message the chat was opened at (a search hit far back): marked until the person moves on */
  highlighted?: string | null;
  /** the element the conversation scrolls in */
  scrollRef: RefObject<HTMLElement | null>;
}

export function MessageList({
  messages: all,
  records,
  models,
  pendingId,
  streaming,
  awaitingAnswer,
  actionsDisabled,
  onContinue,
  onRetry,
  regenerateModel,
  onRegenerate,
  onEdit,
  onShowSibling,
  onMarkBetter,
  sides,
  settling,
  onStopAnswer,
  highlighted,
  scrollRef,
}: MessageListProps) {
  const t = useTranslations('chat');
  const modelLabel = useModelLabel();
  const labelOf = (id: string | null | undefined) => (id ? modelLabel(models.find((m) => m.id === id)?.label ?? id) : null);
  const thinksFirst = (id: string | null | undefined) => models.find((m) => m.id === id)?.reasoning ?? false;
  const liveById = useMemo(() => new Map(all.map((m) => [m.id, m])), [all]);
  // the last message's side-by-side round shows as one block: its other answers (a Continue of one streams
  // as a message of its own) are not shown again after it
  const lastShownId = all.findLast((m) => m.role === 'assistant' && (records.get(m.id)?.round || m.metadata?.sides))?.id;
  const messages = useMemo(() => {
    const last = lastShownId ? liveById.get(lastShownId) : undefined;
    const others = new Set([
      ...(records.get(lastShownId ?? '')?.round ?? []).map((a) => a.id),
      ...(last?.metadata?.sides ?? []).map((side) => side.messageId),
    ]);
    others.delete(lastShownId ?? '');
    return others.size ? all.filter((m) => !others.has(m.id)) : all;
  }, [all, lastShownId, liveById, records]);
  const lastAnswerId = messages.findLast((m) => m.role === 'user' || (m.role === 'assistant' && records.get(m.id)?.kind !== 'event'))?.id;
  const lookup = useCallback((id: string) => records.get(id), [records]);

  const virtual = messages.length >= VIRTUAL_FROM;
  const byId = useMemo(() => new Map(messages.map((m) => [m.id, m])), [messages]);
  const ids = useMemo(() => messages.map((m) => m.id), [messages]);
  // the heights the short list had, for the long one to start from (read when a message or a page comes, not per streamed word)
  const heights = useRef(new Map<string, number>());
  const plainRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (virtual || !plainRef.current) return;
    for (const el of plainRef.current.querySelectorAll<HTMLElement>(':scope > [data-anchor]'))
      heights.current.set(el.dataset.anchor!, el.offsetHeight + MESSAGE_GAP_PX);
  }, [messages.length, virtual]);
  const anchored = (message: ChatMessage) => (
    <MessageAnchor key={message.id} id={message.id} highlighted={message.id === highlighted}>
      {renderMessage(message)}
    </MessageAnchor>
  );

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
      {virtual ? (
        <VirtualMessages ids={ids} scrollRef={scrollRef} knownHeights={heights.current} render={(id) => anchored(byId.get(id)!)} />
      ) : (
        <div ref={plainRef} className="flex flex-col gap-6">
          {messages.map(anchored)}
        </div>
      )}
      {awaitingAnswer && (
        <div className="mt-6 flex gap-3 pl-10" data-testid="answer-pending">
          <ThinkingDots label={t('thinking')} />
        </div>
      )}
    </div>
  );

  function renderMessage(message: ChatMessage) {
    const record = records.get(message.id);
    if (message.role === 'user') {
      // only a saved message can be edited: the server knows it by its id
      return (
        <UserMessage
          message={message}
          heading={t('youWrote')}
          onEdit={record ? onEdit : undefined}
          editDisabled={actionsDisabled}
          siblings={record?.siblings}
          onShowSibling={onShowSibling}
        />
      );
    }
    if (message.role === 'system' || record?.kind === 'event') return <EventNotice message={message} record={record} />;
    const pending = message.id === pendingId;
    const model = message.metadata?.model ?? record?.model;
    const round = message.id === lastAnswerId ? roundAnswers(message, record, sides, liveById, pendingId, streaming) : null;
    if (round)
      return (
        <SideBySide
          answers={round}
          shownId={message.id}
          labelOf={labelOf}
          thinksFirst={thinksFirst}
          busy={streaming || settling}
          actionsDisabled={actionsDisabled}
          lookup={lookup}
          onStop={onStopAnswer}
          onPick={onShowSibling}
          onMarkBetter={onMarkBetter}
          onContinue={onContinue}
          onRetry={onRetry}
        />
      );
    return (
      <AssistantMessage
        message={message}
        record={record}
        status={answerStatus(message, record, pending)}
        live={pending && streaming}
        modelLabel={labelOf(model)}
        reasoning={thinksFirst(model)}
        regenerateWith={message.id === lastAnswerId ? labelOf(regenerateModel) : null}
        onRegenerate={onRegenerate}
        onShowSibling={onShowSibling}
        actionsDisabled={actionsDisabled}
        lookup={lookup}
        onContinue={onContinue}
        onRetry={onRetry}
      />
    );
  }
}
