'use client';

import { Check, Square } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ChatMessageJson } from '@/components/api/api-types';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { ChatMessage, MessageStatus } from '@/lib/chat/turn/wire';
import { useState } from 'react';
import { BetterToggle, ComparisonFigures } from './answer-comparison';
import { figuresOf, roundBests } from './side-answers';
import { AssistantMessage } from './assistant-message';
import { dataParts, toUIMessages } from './chat-ui-message';

/** One answer of a side-by-side round as the browser has it: streamed (this tab) or saved. */
export interface RoundAnswer {
  id: string;
  message: ChatMessage;
  record: ChatMessageJson | undefined;
  model: string | null;
  /** its stream is running in this tab */
  live: boolean;
}

/**
 * The answers of the round the shown answer was written in (`record.round`, or the first answer's
 * `sides` while it streams), in the order asked for: the streamed text of this tab where there is some,
 * else the saved answer.
 */
export function roundAnswers(
  shown: ChatMessage,
  record: ChatMessageJson | undefined,
  streamed: ReadonlyMap<string, ChatMessage>,
  liveMessages: ReadonlyMap<string, ChatMessage>,
  pendingId: string | null,
  liveRound: boolean,
): RoundAnswer[] | null {
  const saved = record?.round;
  const sides = shown.metadata?.sides;
  if (!saved?.length && !sides?.length) return null;
  const ids = saved?.map((answer) => answer.id) ?? [shown.id, ...sides!.map((side) => side.messageId)];
  return ids.map((id) => {
    const savedAnswer = saved?.find((answer) => answer.id === id);
    const live = liveMessages.get(id);
    const message =
      id === shown.id ? shown : (live ?? streamed.get(id) ?? (savedAnswer ? toUIMessages([savedAnswer])[0]! : emptyAnswer(id)));
    const model =
      savedAnswer?.model ?? (id === shown.id ? (shown.metadata?.model ?? null) : (sides?.find((s) => s.messageId === id)?.model ?? null));
    // the first answer (and a Continue of another) streams through useChat; the others in its stream
    const isLive = id === pendingId || (liveRound && !!sides?.some((side) => side.messageId === id));
    return { id, message, record: id === shown.id ? record : savedAnswer, model, live: isLive };
  });
}

const emptyAnswer = (id: string): ChatMessage => ({ id, role: 'assistant', parts: [] });

/** A round answer's status now: its stream's last word, else streaming while it runs, else as saved. */
export function roundAnswerStatus(answer: RoundAnswer): MessageStatus {
  const turn = dataParts(answer.message, 'turn').at(-1);
  if (turn) return turn.status;
  if (answer.live) return 'streaming';
  return answer.record?.status ?? 'streaming';
}

interface SideBySideProps {
  answers: RoundAnswer[];
  /** the answer on screen: the conversation continues from it */
  shownId: string;
  labelOf: (model: string | null) => string | null;
  thinksFirst: (model: string | null) => boolean;
  /** a stream is running or being saved in this tab: no pick yet */
  busy: boolean;
  actionsDisabled: boolean;
  lookup: (id: string) => ChatMessageJson | undefined;
  onStop: (messageId: string) => void;
  onPick: (messageId: string) => void;
  onMarkBetter: (messageId: string, better: boolean) => Promise<void>;
  onContinue: (messageId: string) => void;
  onRetry: (messageId: string) => void;
}

/**
 * The answers of one message side by side (docs/architecture.md "Side by side"): columns from 768 px, and on a
 * phone cards side by side that the person swipes between (scroll snapping, one card and the edge of the
 * next in view). Each answer has its model's name, its own Stop while it streams, and once the round is
 * over its time to the first word, cost and output tokens (the round's quickest and cheapest named), its
 * Continue or Retry, "What the model saw", "Continue with this answer", and a "Better" mark for the person's
 * judgement (one per round; staff see the marks summed per model).
 */
export function SideBySide({
  answers,
  shownId,
  labelOf,
  thinksFirst,
  busy,
  actionsDisabled,
  lookup,
  onStop,
  onPick,
  onMarkBetter,
  onContinue,
  onRetry,
}: SideBySideProps) {
  const t = useTranslations('chat.sideBySide');
  const [marking, setMarking] = useState(false);
  // the figures are compared once every answer is saved: a running one has none to compare yet
  const saved = answers.every(
    (answer) => answer.record && answer.record.status !== 'streaming' && roundAnswerStatus(answer) !== 'streaming',
  );
  const figures = saved && !busy ? answers.map((answer) => figuresOf(answer.record!)) : null;
  const bests = figures ? roundBests(figures) : { fastest: null, cheapest: null };
  const toggleBetter = (messageId: string, better: boolean) => {
    setMarking(true);
    void onMarkBetter(messageId, better).finally(() => setMarking(false));
  };
  return (
    <section
      aria-label={t('label', { count: answers.length })}
      data-testid="side-by-side"
      className={cn(
        '-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 sm:-mx-6 sm:px-6',
        'md:mx-0 md:grid md:snap-none md:overflow-visible md:px-0',
        answers.length === 3 ? 'md:grid-cols-3' : 'md:grid-cols-2',
      )}
    >
      {answers.map((answer, index) => {
        const status = roundAnswerStatus(answer);
        const label = labelOf(answer.model);
        const shown = answer.id === shownId;
        return (
          <section
            key={answer.id}
            data-testid="side-answer"
            data-message-id={answer.id}
            data-shown={shown}
            aria-label={t('answerOf', { index: index + 1, count: answers.length, model: label ?? '' })}
            className={cn(
              'w-[85%] shrink-0 snap-center rounded-xl border p-3 md:w-auto md:min-w-0',
              shown ? 'border-indigo-300 dark:border-indigo-700' : 'border-zinc-200 dark:border-zinc-800',
            )}
          >
            <div className="mb-2 flex min-h-8 flex-wrap items-center gap-2">
              {/* room for the name before the pick status beside it: in a narrow column that status goes to the next line */}
              <span
                className="min-w-[7rem] flex-1 truncate text-xs font-semibold text-zinc-700 dark:text-zinc-200"
                title={label ?? undefined}
                data-testid="side-model"
              >
                {label}
              </span>
              {status === 'streaming' && answer.live && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onStop(answer.id)}
                  data-testid="stop-answer"
                  aria-label={t('stop', { model: label ?? '' })}
                >
                  <Square className="size-3 fill-current" aria-hidden />
                  {t('stopShort')}
                </Button>
              )}
              {!busy &&
                status !== 'streaming' &&
                (shown ? (
                  <span className="inline-flex items-center gap-1 text-xs text-indigo-700 dark:text-indigo-300" data-testid="picked-answer">
                    <Check className="size-3.5" aria-hidden />
                    {t('picked')}
                  </span>
                ) : (
                  <Button
                    size="sm"
                    variant="primary"
                    onClick={() => onPick(answer.id)}
                    disabled={actionsDisabled}
                    data-testid="pick-answer"
                  >
                    {t('pick')}
                  </Button>
                ))}
            </div>
            {figures && (
              <ComparisonFigures figures={figures[index]!} fastest={bests.fastest === answer.id} cheapest={bests.cheapest === answer.id} />
            )}
            <AssistantMessage
              message={answer.message}
              record={answer.record}
              status={status}
              live={answer.live && status === 'streaming'}
              modelLabel={label}
              reasoning={thinksFirst(answer.model)}
              actionsDisabled={actionsDisabled}
              lookup={lookup}
              onContinue={onContinue}
              onRetry={onRetry}
              costShown={!figures}
            />
            {figures && (
              <div className="mt-2 flex justify-end">
                <BetterToggle
                  marked={!!answer.record?.better}
                  model={label ?? ''}
                  disabled={marking || actionsDisabled}
                  onToggle={() => toggleBetter(answer.id, !answer.record?.better)}
                />
              </div>
            )}
          </section>
        );
      })}
    </section>
  );
}
