import { ChevronRight, FileCheck2, FilePen, FilePlus2, FileQuestion, Info } from 'lucide-react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { ChatMessageJson } from '@/components/api/api-types';
import { formatDuration } from '@/components/format/duration';
import type { DocumentChatEvent } from '@/lib/documents/chat-events';
import { messageText } from './chat-ui-message';
import type { ChatMessage } from '@/lib/chat/turn/wire';
import { documentEventOf } from './document-event';

const ICONS = {
  document_started: FilePlus2,
  document_questions: FileQuestion,
  document_updated: FilePen,
  document_done: FileCheck2,
} as const;
const QUESTIONS_SHOWN = 3;

/** A system event: a document's Started / Questions / Updated / Done, with its numbers, opening the document. */
export function EventNotice({ message, record }: { message: ChatMessage; record: ChatMessageJson | undefined }) {
  const event = documentEventOf(record?.meta);
  if (!event) {
    return (
      <div className="flex justify-center" role="note" data-testid="message-event">
        <p className="inline-flex max-w-[90%] items-center gap-2 rounded-full border border-zinc-200 bg-zinc-50 px-3 py-1 text-xs text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
          <Info className="size-3.5 shrink-0" aria-hidden />
          <span>{messageText(message)}</span>
        </p>
      </div>
    );
  }
  const Icon = ICONS[event.event];
  return (
    <div className="flex justify-center" role="note" data-testid="message-event" data-event={event.event}>
      <Link
        href={`/documents/${event.documentId}`}
        className="group flex w-full max-w-xl items-start gap-3 rounded-xl border border-zinc-200 bg-zinc-50 px-3.5 py-2.5 text-sm text-zinc-700 transition-colors hover:border-zinc-300 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:border-zinc-700 dark:hover:bg-zinc-900/60"
      >
        <Icon
          className={
            event.event === 'document_done'
              ? 'mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400'
              : 'mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400'
          }
          aria-hidden
        />
        <EventBody event={event} />
        <ChevronRight className="mt-0.5 size-4 shrink-0 text-zinc-400 transition-transform group-hover:translate-x-0.5" aria-hidden />
      </Link>
    </div>
  );
}

function EventBody({ event }: { event: DocumentChatEvent }) {
  const t = useTranslations('chat.events');
  const locale = useLocale();
  const detail = 'text-xs text-zinc-500 dark:text-zinc-400';
  switch (event.event) {
    case 'document_started':
      return (
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="font-medium text-zinc-900 dark:text-zinc-100">{t('started.title', { title: event.title })}</span>
          <span className={detail}>{t('started.detail', { sections: event.sections })}</span>
        </span>
      );
    case 'document_questions': {
      const hidden = event.questions.length - QUESTIONS_SHOWN;
      return (
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="font-medium text-zinc-900 dark:text-zinc-100">
            {t('questions.title', { title: event.title, count: event.questions.length })}
          </span>
          <ol className={`${detail} list-decimal pl-4`}>
            {event.questions.slice(0, QUESTIONS_SHOWN).map((question) => (
              <li key={question.id}>{question.text}</li>
            ))}
          </ol>
          {hidden > 0 && <span className={detail}>{t('questions.more', { count: hidden })}</span>}
          <span className="text-xs font-medium text-indigo-700 dark:text-indigo-300">{t('questions.action')}</span>
        </span>
      );
    }
    case 'document_updated':
      return (
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="font-medium text-zinc-900 dark:text-zinc-100">
            {!event.by
              ? t('updated.title', { title: event.title })
              : event.by.assistant
                ? t('updated.byAssistant', { title: event.title, name: event.by.name })
                : t('updated.byPerson', { title: event.title, name: event.by.name })}
          </span>
          {(event.saves ?? 1) > 1 && event.firstAt && event.lastAt && (
            <span className={detail} data-testid="event-saves">
              {t('updated.saves', {
                count: event.saves ?? 1,
                duration: formatDuration((Date.parse(event.lastAt) - Date.parse(event.firstAt)) / 1000, locale),
              })}
            </span>
          )}
          <ul className={detail}>
            {event.changes.map((change) => (
              <li key={`${change.sectionId}-${change.version}`}>
                {t('updated.change', {
                  section: change.section,
                  how: change.how,
                  version: change.version,
                  before: change.wordsBefore,
                  after: change.wordsAfter,
                })}
              </li>
            ))}
          </ul>
        </span>
      );
    case 'document_done':
      return (
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="font-medium text-zinc-900 dark:text-zinc-100">{t('done.title', { title: event.title })}</span>
          <span className={detail}>
            {t('done.detail', { sections: event.sections, words: event.words, duration: formatDuration(event.seconds, locale) })}
          </span>
          {event.flagged > 0 && (
            <span className="text-xs text-amber-700 dark:text-amber-300">{t('done.flagged', { count: event.flagged })}</span>
          )}
        </span>
      );
  }
}
