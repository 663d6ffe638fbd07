'use client';

import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { CanvasSections } from '@/components/canvas/canvas-sections';
import { FootnoteSourcePopover } from '@/components/canvas/footnote-source-popover';
import type { PrerenderedHtml } from '@/components/canvas/prerender-sections';
import { formatUsd } from '@/components/format/money';
import { Badge } from '@/components/ui/badge';
import { DocumentActions } from './document-actions';
import { DocumentHeading } from './document-heading';
import type { DocumentJson } from './document-types';
import { ProgressBar } from './progress-bar';
import { QuestionsForm } from './questions-form';
import { ShareDialog } from './share-dialog';
import { SourceList } from './source-list';
import { statusTone } from './status-tone';
import { useDocumentLabels } from './use-document-labels';
import { useDocument } from './use-document';

/** A document page: progress, questions when the job waits, sections as they are written, actions, and the owner's Share panel. */
export function DocumentScreen({ initial, prerendered }: { initial: DocumentJson; prerendered?: Record<string, PrerenderedHtml> }) {
  const { document, error, refresh } = useDocument(initial);
  // The server drew its HTML from the sections it sent along: their text travels once, not twice.
  const drawn = useMemo(
    () =>
      Object.fromEntries(
        initial.sections.flatMap((section) => {
          const html = prerendered?.[section.id];
          return html ? [[section.id, { ...html, body: section.body }]] : [];
        }),
      ),
    [initial, prerendered],
  );
  const locale = useLocale();
  const t = useTranslations('documents');
  const label = useDocumentLabels();
  const waiting = document.status === 'awaiting_answers' && document.role === 'owner';
  return (
    <div className="h-full overflow-y-auto">
      <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-8" aria-labelledby="document-title">
        <header className="flex flex-col gap-3">
          <p className="text-xs text-zinc-500">
            <Link href="/documents" className="hover:underline">
              {t('title')}
            </Link>
            {document.type && <> · {label('types', document.type)}</>}
            {document.chatId && (
              <>
                {' · '}
                <Link href={`/chats/${document.chatId}`} className="hover:underline">
                  {t('screen.fromChat')}
                </Link>
              </>
            )}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <DocumentHeading documentId={document.id} title={document.title} canRename={document.role === 'owner'} onRenamed={refresh} />
            <Badge tone={statusTone(document.status)} data-testid="document-status" data-status={document.status}>
              {label('status', document.status)}
            </Badge>
            {document.role === 'owner' && (
              <span className="ms-auto">
                <ShareDialog documentId={document.id} documentTitle={document.title} />
              </span>
            )}
          </div>
          <ProgressBar status={document.status} {...document.progress} />
          <p className="text-xs text-zinc-500">
            {t('screen.spent', { spent: formatUsd(document.spentMicros, locale), budget: formatUsd(document.budgetMicros, locale) })} ·{' '}
            {t('screen.sources', { count: document.sources.length })}
          </p>
          {document.error && (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
            >
              {document.error}
            </p>
          )}
          {error && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {t('screen.refreshFailed', { message: error })}
            </p>
          )}
          <SourceList sources={document.sources} />
          <DocumentActions document={document} onChanged={refresh} />
        </header>
        {waiting && <QuestionsForm document={document} onSaved={refresh} />}
        {document.summary && <p className="text-[15px] text-zinc-700 italic dark:text-zinc-300">{document.summary}</p>}
        <FootnoteSourcePopover sections={document.sections} sources={document.sources}>
          <CanvasSections
            documentId={document.id}
            sections={document.sections}
            role={document.role}
            onChanged={refresh}
            prerendered={drawn}
          />
        </FootnoteSourcePopover>
      </article>
    </div>
  );
}
