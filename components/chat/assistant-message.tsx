'use client';

import { TriangleExclamationPoint } from 'lucide-react';
import { SpriteIcon } from '@/components/ui/sprite-icon';
import { useTranslations } from 'next-intl';
import { memo, useDeferredValue } from 'react';
import type { ChatMessageJson } from '@/components/api/api-types';
import type { ContextHeadline } from '@/lib/chat/answer-context-view';
import type { MessageStatus } from '@/lib/chat/turn/wire';
import { AnswerContext } from './answer-context';
import { AnswerSources } from './answer-sources';
import { AnswerActions } from './answer-actions';
import { BranchSwitcher } from './branch-switcher';
import { AnswerFooter } from './answer-footer';
import { dataParts, messageText } from './chat-ui-message';
import type { ChatMessage } from '@/lib/chat/turn/wire';
import { StreamingMarkdown } from './streaming-markdown';
import { ThinkingDots } from './thinking-dots';
import { ToolActivity } from './tool-activity';

interface AssistantMessageProps {
  message: ChatMessage;
  record: ChatMessageJson | undefined;
  status: MessageStatus;
  /** text is arriving in this tab right now */
  live: boolean;
  modelLabel: string | null;
  actionsDisabled: boolean;
  /** the chat's stored messages by id, for the context view */
  lookup: (id: string) => ChatMessageJson | undefined;
  onContinue: (messageId: string) => void;
  onRetry: (messageId: string) => void;
  /** the model thinks before its first visible word: say so instead of "writing" */
  reasoning?: boolean;
  /** the chat's last answer can be written again, with the model named here */
  regenerateWith?: string | null;
  onRegenerate?: (messageId: string) => void;
  /** show another version of this answer (‹ n / m ›, from Regenerate) */
  onShowSibling?: (messageId: string) => void;
  /** the footer shows the answer's cost (side by side, the figures above the answer show it instead) */
  costShown?: boolean;
}

/**
 * Memoized, and the Markdown renders a deferred copy of the text: a burst of
 * stream updates re-renders only what changed, at a priority React may yield
 * (useChat re-renders on every chunk; a slow render must not pile up).
 */
export const AssistantMessage = memo(function AssistantMessage({
  message,
  record,
  status,
  live,
  modelLabel,
  actionsDisabled,
  lookup,
  onContinue,
  onRetry,
  reasoning,
  regenerateWith,
  onRegenerate,
  onShowSibling,
  costShown = true,
}: AssistantMessageProps) {
  const t = useTranslations('chat');
  const tActions = useTranslations('chat.actions');
  const text = useDeferredValue(messageText(message));
  const notices = dataParts(message, 'notice');
  const streamError = dataParts(message, 'error').at(-1)?.message;
  const failed = status === 'error';
  const errorText = failed ? (streamError ?? record?.error ?? t('errorFallback')) : null;
  const elsewhere = status === 'streaming' && !live && !text;

  return (
    <article
      className="group flex gap-3"
      data-testid="message-assistant"
      data-status={status}
      data-message-id={message.id}
      aria-busy={status === 'streaming'}
    >
      <div className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-full bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100 dark:bg-indigo-950 dark:text-indigo-300 dark:ring-indigo-900">
        <SpriteIcon name="sparkle" className="size-3.5" />
      </div>
      <div className="min-w-0 flex-1">
        <h2 className="sr-only">{t('answerHeading', { model: modelLabel ?? '' })}</h2>
        <ToolActivity calls={dataParts(message, 'tool')} />
        {text ? (
          <StreamingMarkdown text={text} streaming={live} className="text-[15px] text-zinc-800 dark:text-zinc-200" />
        ) : status === 'streaming' ? (
          elsewhere ? (
            <p className="text-sm text-zinc-500">{t('writingElsewhere')}</p>
          ) : (
            <ThinkingDots label={reasoning ? t('reasoning') : t('thinking')} visible={reasoning} />
          )
        ) : status === 'stopped' ? (
          <p className="text-sm text-zinc-500 italic">{t('stoppedBeforeText')}</p>
        ) : status === 'complete' ? (
          <p className="text-sm text-zinc-500 italic">{t('emptyAnswer')}</p>
        ) : null}
        <AnswerSources citations={dataParts(message, 'citations').flatMap((part) => part.citations)} />
        {notices.map((notice, index) => (
          <p key={index} className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/50 dark:text-amber-300">
            {notice.message}
          </p>
        ))}
        {status === 'truncated' && <p className="mt-2 text-sm text-amber-700 dark:text-amber-400">{t('truncatedExplain')}</p>}
        {errorText && (
          <p
            role="alert"
            className="mt-2 flex items-start gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          >
            <TriangleExclamationPoint className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{errorText}</span>
          </p>
        )}
        <AnswerFooter
          status={status}
          modelLabel={modelLabel}
          record={record}
          costShown={costShown}
          actionsDisabled={actionsDisabled}
          onContinue={() => onContinue(message.id)}
          onRetry={() => onRetry(message.id)}
        >
          {record?.siblings && onShowSibling && status !== 'streaming' && (
            <BranchSwitcher siblings={record.siblings} disabled={actionsDisabled} onShow={onShowSibling} />
          )}
          <AnswerActions
            text={text}
            disabled={actionsDisabled}
            regenerateModel={regenerateWith}
            // after an error, Retry asks the same model again (keeping its tools' work); Regenerate is offered
            // only for another model, and says so
            onRegenerate={
              regenerateWith && onRegenerate && !(failed && regenerateWith === modelLabel) ? () => onRegenerate(message.id) : undefined
            }
            regenerateLabel={failed && regenerateWith ? tActions('tryWith', { model: regenerateWith }) : undefined}
          />
        </AnswerFooter>
        {status !== 'streaming' && Boolean(record?.meta?.context || record?.meta?.contextHeadline) && (
          <AnswerContext
            context={record?.meta?.context}
            headline={record?.meta?.contextHeadline as ContextHeadline | undefined}
            lookup={lookup}
          />
        )}
      </div>
    </article>
  );
});
