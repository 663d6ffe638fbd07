'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { ChatMessageJson } from '@/components/api/api-types';
import { StatusBadge } from '@/components/chat/status-badge';
import { StreamingMarkdown } from '@/components/chat/streaming-markdown';
import { LocalTime } from '@/components/format/local-time';
import { formatCount, formatUsd } from '@/components/format/money';
import { AnswerContext } from '@/components/chat/answer-context';
import { ModelCalls } from './model-calls';

/** One message of a transcript as staff read it: text, then the facts of how it was made. */
export function StaffMessage({
  message,
  modelLabel,
  lookup,
}: {
  message: ChatMessageJson;
  modelLabel: string | null;
  /** the transcript's messages by id, for the context view */
  lookup: (id: string) => ChatMessageJson | undefined;
}) {
  const t = useTranslations('staff.transcript');
  const locale = useLocale();
  const calls = message.calls ?? [];

  if (message.role === 'user') {
    return (
      <article className="rounded-xl bg-zinc-100 px-4 py-3 dark:bg-zinc-800/70" data-testid="message-user">
        <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">
          {t('user')} · <LocalTime iso={message.createdAt} />
        </p>
        <p className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{message.text}</p>
      </article>
    );
  }
  if (message.role === 'system' || message.kind === 'event') {
    return <p className="text-center text-xs text-zinc-500">{message.text}</p>;
  }
  const status = message.status;
  return (
    <article
      className="rounded-xl border border-zinc-200 px-4 py-3 dark:border-zinc-800"
      data-testid="message-assistant"
      data-status={status}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2 text-xs text-zinc-500">
        <span className="font-medium text-zinc-700 dark:text-zinc-300">{modelLabel ?? t('assistant')}</span>
        <StatusBadge status={status} />
        {message.continuations > 0 && <span>{t('continued', { count: message.continuations })}</span>}
        <span className="tabular-nums">
          {t('usage', {
            input: formatCount(message.usage.inputTokens, locale),
            output: formatCount(message.usage.outputTokens, locale),
            reasoning: formatCount(message.usage.reasoningTokens, locale),
          })}
        </span>
        <span className="tabular-nums">
          {message.usage.estimated ? '≈ ' : ''}
          {formatUsd(message.costMicros, locale)}
        </span>
        <span className="ml-auto">
          <LocalTime iso={message.createdAt} />
        </span>
      </div>
      {message.text ? (
        <StreamingMarkdown text={message.text} className="text-sm" />
      ) : (
        <p className="text-sm text-zinc-500 italic">{t('noText')}</p>
      )}
      {message.error && status !== 'complete' && (
        <p className="mt-2 text-xs text-red-600 dark:text-red-400">{t('reason', { reason: message.error })}</p>
      )}
      {message.meta?.context && <AnswerContext context={message.meta.context} lookup={lookup} />}
      <ModelCalls calls={calls} />
    </article>
  );
}

/**
 * An answer written side by side with others: every answer of its round, as staff read one answer, the
 * one the conversation continues from marked, and the one the person marked better.
 */
export function StaffRound({
  message,
  labelOf,
  lookup,
}: {
  message: ChatMessageJson;
  labelOf: (model: string | null) => string | null;
  lookup: (id: string) => ChatMessageJson | undefined;
}) {
  const t = useTranslations('staff.transcript');
  const answers = message.round ?? [];
  return (
    <section aria-label={t('round', { count: answers.length })} data-testid="staff-round" className="flex flex-col gap-2">
      <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{t('round', { count: answers.length })}</p>
      {answers.map((answer) => (
        <div key={answer.id} data-shown={answer.id === message.id} className="flex flex-col gap-1">
          {(answer.id === message.id || answer.better) && (
            <p className="flex gap-3 text-xs text-indigo-700 dark:text-indigo-300">
              {answer.id === message.id && <span>{t('picked')}</span>}
              {answer.better && <span data-testid="staff-better">{t('markedBetter')}</span>}
            </p>
          )}
          <StaffMessage message={answer} modelLabel={labelOf(answer.model)} lookup={lookup} />
        </div>
      ))}
    </section>
  );
}
