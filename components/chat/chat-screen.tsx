'use client';

import { PanelRight, PanelRightClose } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ChatJson, ModelJson } from '@/components/api/api-types';
import { InsightsPanel } from '@/components/insights/insights-panel';
import { usePanelOpen } from '@/components/insights/use-panel-open';
import { Badge } from '@/components/ui/badge';
import { IMPORT_SOURCE_NAMES } from '@/lib/chat/import/import-sources';
import { Button, buttonClasses } from '@/components/ui/button';
import { dataParts, orderForDisplay } from './chat-ui-message';
import { ClosedBanner } from './closed-banner';
import { Composer } from './composer';
import { ExamplePrompts } from './example-prompts';
import { useOpenedAt } from './message-anchor';
import { MessageList } from './message-list';
import { MoreMessages } from './more-messages';
import { NewTopicBanner } from './new-topic-banner';
import { TurnFailure } from './turn-failure';
import { useChatSession, type Draft } from './use-chat-session';
import { useChatTitle, useShownChatTitle } from './use-chat-title';
import { useKeptPlace } from './use-kept-place';
import { useStickToBottom } from './use-stick-to-bottom';

export function ChatScreen({
  initialChat,
  models,
  openedAt,
}: {
  initialChat: ChatJson;
  models: ModelJson[];
  /** the message the page was opened at (a search hit far back): shown and marked, instead of the end */
  openedAt?: string;
}) {
  const t = useTranslations('chat');
  const titleOf = useChatTitle();
  const session = useChatSession(initialChat);
  const { view, messages, status, streaming, settling, remoteLive, failure } = session;
  const title = useShownChatTitle(view.id, view.title);
  const [model, setModel] = useState(() => (models.some((m) => m.id === view.model) ? view.model : models[0]!.id));
  // "Compare": the models that answer the next message side by side with `model` (reset once it is sent)
  const [compare, setCompare] = useState<string[]>([]);
  // a refused message comes back with the models it was also sent to (the composer then says what the wallet covers)
  const { restoredDraft } = session;
  useEffect(() => {
    if (restoredDraft?.compare) setCompare(restoredDraft.compare);
  }, [restoredDraft]);
  const [panelOpen, setPanelOpen] = usePanelOpen();
  const [example, setExample] = useState<Draft | null>(null);

  const records = useMemo(() => new Map(view.messages.map((m) => [m.id, m])), [view.messages]);
  const ordered = useMemo(() => orderForDisplay(messages, view.messages), [messages, view.messages]);
  const documentsStarted = useMemo(
    () => messages.reduce((n, m) => n + dataParts(m, 'tool').filter((call) => call.name === 'start_document').length, 0),
    [messages],
  );
  const last = messages.at(-1);
  const pendingId = (streaming || settling) && last?.role === 'assistant' ? last.id : null;
  const awaitingAnswer = status === 'submitted' && last?.role === 'user';
  const highlighted = useOpenedAt(openedAt, initialChat.messages);
  const scroller = useStickToBottom<HTMLDivElement, HTMLDivElement>({ startPinned: highlighted === null });
  // opened far back: the newest messages are not on screen, so the composer waits until they are
  const readingEarlier = view.newerPage !== null;
  const { regenerateAnswer, editMessage } = session;
  const regenerate = useCallback((messageId: string) => regenerateAnswer(messageId, model), [regenerateAnswer, model]);
  const { scrollToEnd } = scroller;
  // an earlier page goes in above what the person is reading, which stays where it is
  const firstShown = ordered[0]?.id;
  const place = useKeptPlace(scroller.scrollRef, firstShown);
  const { earlier, later } = session.pages;
  const loadEarlier = useCallback(async () => {
    scroller.unpin();
    place.remember();
    if ((await earlier.load()) === 0) place.forget();
  }, [earlier.load, place.remember, place.forget, scroller.unpin]);
  // a later page goes in below what the person is reading: the view stays, it does not follow the end down
  const loadLater = useCallback(() => {
    scroller.unpin();
    return later.load();
  }, [later.load, scroller.unpin]);
  const edit = useCallback(
    (messageId: string, text: string) => {
      scrollToEnd();
      editMessage(messageId, text, model);
    },
    [editMessage, model, scrollToEnd],
  );

  return (
    <div className="flex h-full min-h-0">
      <section className="flex min-w-0 flex-1 flex-col" aria-labelledby="chat-title">
        <header className="flex h-12 shrink-0 items-center gap-2 border-b border-zinc-200 px-4 dark:border-zinc-800">
          <h1 id="chat-title" className="min-w-0 flex-1 truncate text-sm font-semibold">
            {titleOf(title)}
          </h1>
          {view.importedFrom && (
            <Badge data-testid="imported-from" title={t('importedFromHint')}>
              {t('importedFrom', { source: IMPORT_SOURCE_NAMES[view.importedFrom] })}
            </Badge>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={() => setPanelOpen(!panelOpen)}
            aria-expanded={panelOpen}
            aria-controls="chat-insights"
            aria-label={panelOpen ? t('hidePanel') : t('showPanel')}
            title={panelOpen ? t('hidePanel') : t('showPanel')}
          >
            {panelOpen ? <PanelRightClose className="size-4" aria-hidden /> : <PanelRight className="size-4" aria-hidden />}
          </Button>
        </header>
        {view.status === 'closed' && <ClosedBanner text={t('closedBanner')} />}
        {view.status === 'open' && view.idle && !streaming && <NewTopicBanner chatId={view.id} />}
        <div
          ref={scroller.scrollRef}
          onScroll={scroller.onScroll}
          className="min-h-0 flex-1 overflow-y-auto"
          aria-label={t('conversation')}
          role="region"
        >
          <div ref={scroller.contentRef} className="min-h-full">
            {messages.length === 0 ? (
              <div className="mx-auto flex h-full min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 text-center">
                <h2 className="text-xl font-semibold tracking-tight">{t('emptyTitle')}</h2>
                <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('emptyLead')}</p>
                <ExamplePrompts onPick={(text) => setExample({ text, nonce: Date.now() })} />
              </div>
            ) : (
              <>
                <MoreMessages edge="earlier" pages={{ ...earlier, load: loadEarlier }} scrollRef={scroller.scrollRef} />
                <MessageList
                  messages={ordered}
                  records={records}
                  models={models}
                  pendingId={pendingId}
                  streaming={streaming}
                  awaitingAnswer={awaitingAnswer}
                  actionsDisabled={streaming || settling || remoteLive}
                  onContinue={session.continueAnswer}
                  onRetry={session.retryAnswer}
                  regenerateModel={model}
                  onRegenerate={regenerate}
                  onEdit={edit}
                  onShowSibling={session.showSibling}
                  onMarkBetter={session.markBetter}
                  sides={session.sides}
                  settling={settling}
                  onStopAnswer={(messageId) => void session.stopAnswer(messageId)}
                  highlighted={highlighted}
                  scrollRef={scroller.scrollRef}
                />
                <MoreMessages edge="later" pages={{ ...later, load: loadLater }} scrollRef={scroller.scrollRef} />
              </>
            )}
          </div>
        </div>
        {failure && <TurnFailure failure={failure} onDismiss={session.dismissFailure} onRetry={session.sendUnsent} />}
        <div className="shrink-0 pt-2">
          {readingEarlier ? (
            <div className="mx-auto flex w-full max-w-3xl flex-wrap items-center justify-between gap-3 px-4 pb-4 sm:px-6" role="status">
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('readingEarlier')}</p>
              <Link href={`/chats/${view.id}`} className={buttonClasses({ variant: 'primary' })}>
                {t('toLatest')}
              </Link>
            </div>
          ) : (
            <Composer
              chatId={view.id}
              documentsStarted={documentsStarted}
              models={models}
              model={model}
              onModelChange={(id) => {
                setModel(id);
                setCompare((current) => current.filter((other) => other !== id));
              }}
              compare={compare}
              onCompareChange={setCompare}
              busy={streaming || remoteLive}
              holdSend={settling}
              onSend={(text, files) => {
                scroller.scrollToEnd();
                session.send(text, model, files, compare);
                setCompare([]);
              }}
              onStop={() => void session.stopTurn()}
              draft={latestDraft(session.restoredDraft, example)}
              focusOnOpen={messages.length === 0}
            />
          )}
        </div>
      </section>
      {panelOpen && <InsightsPanel id="chat-insights" chat={view} onChanged={session.reload} onClose={() => setPanelOpen(false)} />}
    </div>
  );
}

/** The newer of two texts handed to the composer. */
function latestDraft(a: Draft | null, b: Draft | null): Draft | null {
  if (!a || !b) return a ?? b;
  return a.nonce >= b.nonce ? a : b;
}
