'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { ChatMessageJson } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import { formatCount, formatUsd } from '@/components/format/money';
import { useKeyFactLabel } from '@/components/insights/key-fact-label';
import type { ContextHeadline } from '@/lib/chat/answer-context-view';
import type { AnswerContext as AnswerContextData } from '@/lib/chat/context/answer-context';

interface AnswerContextProps {
  context: AnswerContextData;
  /** the chat's messages by id: the context names the turns it sent, their texts live in the chat */
  lookup: (id: string) => Pick<ChatMessageJson, 'role' | 'text'> | undefined;
}

type Loaded = { context: AnswerContextData; messages: Map<string, Pick<ChatMessageJson, 'role' | 'text'>> };

/**
 * What the model saw for this answer: the pinned facts, the summary, the turns sent whole, the
 * older messages recalled by search and the words that recalled them, and what each part cost.
 * The person and staff read the same view. `context` is the whole of it (an answer written in this
 * tab, a staff transcript); with only its `headline` (the chat's page), the rest is read when opened.
 */
export function AnswerContext({
  context,
  headline,
  lookup,
}: {
  context?: AnswerContextData;
  headline?: ContextHeadline;
  lookup: AnswerContextProps['lookup'];
}) {
  const t = useTranslations('context');
  const locale = useLocale();
  // the view is built when opened: closed, every answer of a long chat would carry the texts of the turns it
  // sent and recalled in the page's HTML, most of its weight, for a view people open now and then
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const shown = context ?? loaded?.context;
  const summary = shown ?? headline;

  useEffect(() => {
    if (!open || shown || !headline) return;
    const abort = new AbortController();
    setFailed(null);
    fetchJson<{ context: AnswerContextData; messages: Array<{ id: string } & Pick<ChatMessageJson, 'role' | 'text'>> }>(headline.url, {
      signal: abort.signal,
    }).then(
      (view) => setLoaded({ context: view.context, messages: new Map(view.messages.map((m) => [m.id, m])) }),
      (error: unknown) => {
        if (!abort.signal.aborted) setFailed(error instanceof Error ? error.message : String(error));
      },
    );
    return () => abort.abort();
  }, [open, shown, headline]);

  if (!summary) return null;
  // the messages it names: as read with it (wherever they are in the chat), else those on the page
  const find = (id: string) => loaded?.messages.get(id) ?? lookup(id);
  return (
    <details
      className="mt-2 text-xs text-zinc-600 dark:text-zinc-400"
      data-testid="context-view"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer rounded select-none hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:text-zinc-100">
        {t('open', { count: summary.inputTokens, cost: formatUsd(summary.costMicros, locale) })}
      </summary>
      {open &&
        (shown ? (
          <AnswerContextBody context={shown} lookup={find} />
        ) : failed ? (
          <p role="alert" className="mt-2 text-red-700 dark:text-red-400">
            {t('loadFailed', { message: failed })}
          </p>
        ) : (
          <p className="mt-2" aria-busy="true">
            {t('loading')}
          </p>
        ))}
    </details>
  );
}

function AnswerContextBody({ context, lookup }: AnswerContextProps) {
  const t = useTranslations('context');
  const locale = useLocale();
  const keyFactLabel = useKeyFactLabel();
  const tokens = (count: number) => t('tokens', { count, formatted: formatCount(count, locale) });
  const roleOf = (role: string) => (role === 'assistant' ? t('assistant') : t('user'));

  return (
    <div className="mt-2 flex flex-col gap-3 border-l-2 border-zinc-200 pl-3 dark:border-zinc-800">
      <table className="w-fit tabular-nums" data-testid="context-parts">
        <caption className="sr-only">{t('partsCaption')}</caption>
        <tbody>
          {context.parts.map((part) => (
            <tr key={part.part}>
              <th scope="row" className="pr-4 text-left font-normal">
                {t(`parts.${part.part}`)}
              </th>
              <td className="pr-4 text-right">{tokens(part.tokens)}</td>
              <td className="text-right">{formatUsd(part.costMicros, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      {context.instructions && (
        <section aria-label={t('instructions')} data-testid="context-instructions">
          <h3 className="font-medium text-zinc-800 dark:text-zinc-200">{t('instructions')}</h3>
          <dl className="flex flex-col gap-1">
            {(
              [
                ['aboutMe', context.instructions.aboutMe],
                ['answerStyle', context.instructions.answerStyle],
                ['instructionsChat', context.instructions.chat],
              ] as const
            )
              .filter(([, text]) => text)
              .map(([label, text]) => (
                <div key={label}>
                  <dt className="inline">{t(label)}: </dt>
                  <dd className="inline whitespace-pre-wrap [overflow-wrap:anywhere]">{text}</dd>
                </div>
              ))}
          </dl>
        </section>
      )}

      <section aria-label={t('slots')}>
        <h3 className="font-medium text-zinc-800 dark:text-zinc-200">{t('slots')}</h3>
        {context.slots.length === 0 ? (
          <p>{t('noSlots')}</p>
        ) : (
          <ul>
            {context.slots.map((keyFact) => (
              <li key={keyFact.key}>
                {keyFactLabel(keyFact.key)}: {keyFact.value}
                {keyFact.previous ? ` ${t('changedFrom', { value: keyFact.previous })}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>

      {context.summary && (
        <section aria-label={t('summary')}>
          <h3 className="font-medium text-zinc-800 dark:text-zinc-200">{t('summary')}</h3>
          <p className="whitespace-pre-wrap">{context.summary}</p>
        </section>
      )}

      {context.recalled.length > 0 && (
        <section aria-label={t('recalled')} data-testid="context-recalled">
          <h3 className="font-medium text-zinc-800 dark:text-zinc-200">{t('recalled')}</h3>
          <ul className="flex flex-col gap-2">
            {context.recalled.map((item) => (
              <li key={item.id} data-testid="recalled-message">
                <p>
                  {roleOf(item.role)} · {tokens(item.tokens)} · {t('matched', { words: item.matched.join(', ') })}
                  {item.excerpt ? ` · ${t('excerpt')}` : ''}
                </p>
                {item.file && <p>{t('filePart', { file: item.file.name, part: item.file.label })}</p>}
                <blockquote className="mt-1 max-h-48 overflow-auto rounded bg-zinc-50 px-2 py-1 whitespace-pre-wrap [overflow-wrap:anywhere] dark:bg-zinc-900">
                  {item.file?.text ?? lookup(item.id)?.text ?? t('gone')}
                </blockquote>
              </li>
            ))}
          </ul>
        </section>
      )}

      {!!context.files?.length && (
        <section aria-label={t('files')} data-testid="context-files">
          <h3 className="font-medium text-zinc-800 dark:text-zinc-200">{t('files')}</h3>
          {context.files.map((file) => (
            <div key={file.id} className="flex flex-col gap-2">
              <ul className="flex flex-col gap-2">
                {file.parts.map((part) => (
                  <li key={part.number} data-testid="context-file-part">
                    <p>
                      {t('filePart', { file: file.name, part: part.label })} · {tokens(part.tokens)}
                    </p>
                    <blockquote className="mt-1 max-h-48 overflow-auto rounded bg-zinc-50 px-2 py-1 whitespace-pre-wrap [overflow-wrap:anywhere] dark:bg-zinc-900">
                      {part.text}
                    </blockquote>
                  </li>
                ))}
              </ul>
              {file.omitted > 0 && <p>{t('filePartsOmitted', { count: file.omitted })}</p>}
            </div>
          ))}
        </section>
      )}

      <section aria-label={t('window')}>
        <h3 className="font-medium text-zinc-800 dark:text-zinc-200">{t('window')}</h3>
        {context.window.length === 0 ? (
          <p>{t('noWindow')}</p>
        ) : (
          <ol>
            {context.window.map((item) => (
              <li key={item.id} className="truncate">
                {roleOf(item.role)} · {tokens(item.tokens)} · {firstLine(lookup(item.id)?.text)}
              </li>
            ))}
          </ol>
        )}
        {context.omitted > 0 && <p className="mt-1">{t('omitted', { count: context.omitted })}</p>}
      </section>
    </div>
  );
}

function firstLine(text: string | undefined): string {
  const line = (text ?? '').split('\n').find((l) => l.trim()) ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
