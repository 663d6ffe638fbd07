'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { ChatMessageJson, ModelJson } from '@/components/api/api-types';
import { answerStatus } from './answer-status';
import { AssistantMessage } from './assistant-message';
import type { ChatMessage } from '@/lib/chat/turn/wire';
import { EventNotice } from './event-notice';
import { MessageAnchor } from './message-anchor';
import { ThinkingDots } from './thinking-dots';
import { useModelLabel } from './use-model-label';
import { UserMessage } from './user-message';

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
  /** the message the chat was opened at (a search hit far back): marked until the person moves on */
  highlighted?: string | null;
}

export function MessageList({
  messages,
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
  highlighted,
}: MessageListProps) {
  const t = useTranslations('chat');
  const modelLabel = useModelLabel();
  const labelOf = (id: string | null | undefined) => (id ? modelLabel(models.find((m) => m.id === id)?.label ?? id) : null);
  const thinksFirst = (id: string | null | undefined) => models.find((m) => m.id === id)?.reasoning ?? false;
  const lastAnswerId = messages.findLast((m) => m.role === 'user' || (m.role === 'assistant' && records.get(m.id)?.kind !== 'event'))?.id;
  const lookup = useCallback((id: string) => records.get(id), [records]);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6">
      {messages.map((message) => (
        <MessageAnchor key={message.id} id={message.id} highlighted={message.id === highlighted}>
          {renderMessage(message)}
        </MessageAnchor>
      ))}
      {awaitingAnswer && (
        <div className="flex gap-3 pl-10" data-testid="answer-pending">
          <ThinkingDots label={t('thinking')} />
        </div>
      )}
    </div>
  );

  function renderMessage(message: ChatMessage) {
    const record = records.get(message.id);
    if (message.role === 'user') {
      // only a saved message can be edited: the server knows it by its id
      return <UserMessage message={message} heading={t('youWrote')} onEdit={record ? onEdit : undefined} editDisabled={actionsDisabled} />;
    }
    if (message.role === 'system' || record?.kind === 'event') return <EventNotice message={message} record={record} />;
    const pending = message.id === pendingId;
    const model = message.metadata?.model ?? record?.model;
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
        actionsDisabled={actionsDisabled}
        lookup={lookup}
        onContinue={onContinue}
        onRetry={onRetry}
      />
    );
  }
}
