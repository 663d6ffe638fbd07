'use client';

import { ArrowUp, Paperclip, Square } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ModelJson } from '@/components/api/api-types';
import { formatCount } from '@/components/format/money';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useInteractive } from '@/components/ui/use-interactive';
import { useWallet } from '@/components/app-shell/wallet-provider';
import { answersCovered } from '@/lib/billing/pricing';
import { IMAGE_ACCEPT } from '@/lib/chat/files/file-limits';
import type { SentFile } from '@/lib/chat/turn/wire';
import { SOURCE_FILE_ACCEPT } from '@/lib/documents/sources/upload-limits';
import { AttachmentChips } from './attachments/attachment-chips';
import { useChatAttachments } from './attachments/use-chat-attachments';
import { CompareModels } from './compare-models';
import { ModelPicker } from './model-picker';
import { useModelLabel } from './use-model-label';
import type { Draft } from './use-chat-session';
import { MAX_MESSAGE_CHARS } from '@/lib/chat/limits';

// docs/api.md: a message over 6,000 characters is refused (lib/chat/turn/prepare-turn.ts is server-only).
const COUNTER_FROM = 5_000;

interface ComposerProps {
  chatId: string;
  /** how many documents the chat's answers started: each takes the files waiting in the chat */
  documentsStarted: number;
  models: ModelJson[];
  model: string;
  onModelChange: (id: string) => void;
  /** more models that answer the next message side by side with `model` ("Compare") */
  compare: string[];
  onCompareChange: (compare: string[]) => void;
  /** an answer is being written: the send button is a Stop button */
  busy: boolean;
  /** sending is paused (the last answer is being saved) */
  holdSend: boolean;
  /** the message and the files and images it goes with */
  onSend: (text: string, files: SentFile[]) => void;
  onStop: () => void;
  /** text put in the input from outside: a refused send handed back (nothing the person wrote is lost), or an example prompt */
  draft: Draft | null;
  /** a new, empty chat: the input takes the focus, ready to type (where a keyboard is at hand) */
  focusOnOpen?: boolean;
}

export function Composer({
  chatId,
  documentsStarted,
  models,
  model,
  onModelChange,
  compare,
  onCompareChange,
  busy,
  holdSend,
  onSend,
  onStop,
  draft,
  focusOnOpen = false,
}: ComposerProps) {
  const t = useTranslations('chat.composer');
  const locale = useLocale();
  const [text, setText] = useState('');
  const interactive = useInteractive();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const filePicker = useRef<HTMLInputElement>(null);
  const attachments = useChatAttachments(chatId, documentsStarted);
  const tooLong = text.length > MAX_MESSAGE_CHARS;
  // an image goes only to a model that reads images: say so before sending, and offer one that does
  const current = models.find((m) => m.id === model);
  const visionNeeded = attachments.items.some((a) => a.image && a.state !== 'failed') && current?.vision === false;
  const visionModel = visionNeeded ? models.find((m) => m.vision) : undefined;
  // side by side, every answer is reserved before any is asked for: say before sending when the balance cannot
  // reserve them all (the least each reserves, GET /api/models), not after a refusal
  const { wallet } = useWallet();
  const asked = [model, ...compare];
  const covered = compare.length
    ? answersCovered(
        wallet.balanceMicros,
        asked.map((id) => models.find((m) => m.id === id)?.leastReserveMicros ?? 0),
      )
    : asked.length;
  const uncovered = covered < asked.length;
  const canSend =
    !busy &&
    !holdSend &&
    !attachments.uploading &&
    !attachments.blocked &&
    !visionNeeded &&
    !uncovered &&
    // a photo or a file may go on its own, as the whole question
    (text.trim().length > 0 || attachments.items.some((a) => a.state === 'ready' || a.state === 'attached')) &&
    !tooLong;

  // Words typed into the server-rendered input before React took over the page (a fresh load, right after
  // sign-up, on a slow phone) are in the element but not in state: the next render would wipe them. Adopt
  // them in the hydrating commit itself, before any re-render can.
  useLayoutEffect(() => {
    const typed = textarea.current?.value;
    if (typed) setText(typed);
  }, []);

  useEffect(() => {
    if (!draft) return;
    setText(draft.text);
    textarea.current?.focus();
  }, [draft]);

  // on a phone the on-screen keyboard would cover the empty chat and its examples: only with a mouse or trackpad
  const focusedOnOpen = useRef(false);
  useEffect(() => {
    if (!focusOnOpen || focusedOnOpen.current) return;
    focusedOnOpen.current = true;
    if (window.matchMedia('(pointer: fine)').matches) textarea.current?.focus();
  }, [focusOnOpen]);

  useEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    // grows with the draft up to its CSS max-height: 15rem, or a quarter of the screen when the screen is short
    // (a phone with its keyboard up), so the conversation keeps most of it
    el.style.height = `${el.scrollHeight}px`;
  }, [text]);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    const message = text.trim();
    // the files first: the message names them, and its answer may start a document that takes them
    const files = await attachments.uploadPending();
    if (!files || (!message && files.length === 0)) return;
    onSend(message, files);
    attachments.markSent(files);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter is a new line; Enter that confirms an IME composition (Chinese input) is neither.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      // a file or image dropped anywhere on the composer is attached
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
      onDrop={(event) => {
        if (event.dataTransfer.files.length === 0) return;
        event.preventDefault();
        attachments.add(Array.from(event.dataTransfer.files));
      }}
      className="mx-auto w-full max-w-3xl px-4 pb-4 sm:px-6"
      aria-label={t('formLabel')}
    >
      <div className="rounded-2xl border border-zinc-300 bg-white shadow-sm focus-within:border-zinc-400 focus-within:ring-4 focus-within:ring-zinc-200/60 dark:border-zinc-700 dark:bg-zinc-900 dark:focus-within:border-zinc-600 dark:focus-within:ring-zinc-800/60">
        <AttachmentChips items={attachments.items} onRemove={(key) => void attachments.remove(key)} />
        <label htmlFor="chat-input" className="sr-only">
          {t('label')}
        </label>
        <textarea
          id="chat-input"
          ref={textarea}
          data-testid="chat-input"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={(event) => {
            // a pasted screenshot arrives as a file; pasted text stays text
            const files = Array.from(event.clipboardData.files);
            if (files.length === 0) return;
            event.preventDefault();
            attachments.add(files);
          }}
          rows={1}
          placeholder={t('placeholder')}
          aria-describedby="chat-input-hint chat-input-counter"
          aria-invalid={tooLong || undefined}
          readOnly={attachments.uploading}
          // the input works from the first paint (words typed before React runs are kept, above); Enter sends only
          // once React runs: tests wait for this mark before pressing it
          data-interactive={interactive || undefined}
          className="block max-h-[min(15rem,25dvh)] w-full resize-none bg-transparent px-4 pt-3.5 pb-1 text-[15px] leading-relaxed text-zinc-900 placeholder:text-zinc-400 focus:outline-none dark:text-zinc-100"
        />
        <div className="flex items-center gap-2 px-2.5 pt-1 pb-2.5">
          <input
            ref={filePicker}
            type="file"
            multiple
            accept={`${SOURCE_FILE_ACCEPT},${IMAGE_ACCEPT}`}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            data-testid="attach-input"
            onChange={(event) => {
              attachments.add(Array.from(event.target.files ?? []));
              // the same file can be picked again after it was removed
              event.target.value = '';
            }}
          />
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={() => filePicker.current?.click()}
            disabled={attachments.uploading}
            aria-label={t('attach')}
            title={t('attachHint')}
            data-testid="attach-button"
          >
            <Paperclip className="size-4" aria-hidden />
          </Button>
          <ModelPicker models={models} value={model} onChange={onModelChange} disabled={busy} />
          <CompareModels models={models} model={model} compare={compare} onChange={onCompareChange} disabled={busy} />
          <span id="chat-input-hint" className="sr-only">
            {t('hint')}
          </span>
          <span
            id="chat-input-counter"
            aria-live="polite"
            className={cn('ml-auto text-xs tabular-nums', tooLong ? 'font-medium text-red-600 dark:text-red-400' : 'text-zinc-500')}
          >
            {text.length >= COUNTER_FROM &&
              (tooLong
                ? t('tooLong', { count: formatCount(text.length, locale), max: formatCount(MAX_MESSAGE_CHARS, locale) })
                : t('counter', { count: formatCount(text.length, locale), max: formatCount(MAX_MESSAGE_CHARS, locale) }))}
          </span>
          {busy ? (
            <Button
              variant="primary"
              size="icon"
              className="size-8 rounded-full"
              onClick={onStop}
              aria-label={t('stop')}
              title={t('stop')}
              data-testid="stop-button"
            >
              <Square className="size-3.5 fill-current" aria-hidden />
            </Button>
          ) : (
            <Button
              type="submit"
              variant="primary"
              size="icon"
              className="size-8 rounded-full"
              disabled={!canSend}
              aria-label={t('send')}
              title={t('send')}
              data-testid="send-button"
            >
              <ArrowUp className="size-4" aria-hidden />
            </Button>
          )}
        </div>
      </div>
      {visionNeeded && (
        <p
          role="status"
          className="mt-2 flex flex-wrap items-center gap-2 text-sm text-amber-800 dark:text-amber-200"
          data-testid="vision-needed"
        >
          {visionModel ? t('visionNeeded', { model: current?.label ?? model }) : t('visionNone', { model: current?.label ?? model })}
          {visionModel && (
            <Button size="sm" variant="secondary" onClick={() => onModelChange(visionModel.id)} data-testid="use-vision-model">
              {t('useVisionModel', { model: visionModel.label })}
            </Button>
          )}
        </p>
      )}
      {uncovered && (
        <CreditsShort
          models={models}
          asked={asked}
          covered={covered}
          onDrop={() => onCompareChange(compare.slice(0, covered - 1))}
          disabled={busy}
        />
      )}
      {attachments.error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300" data-testid="attachment-error">
          {attachments.error}
        </p>
      )}
      <p className="mt-2 hidden text-center text-[11px] text-zinc-500 sm:block dark:text-zinc-400">{t('footnote')}</p>
    </form>
  );
}

/** The wallet cannot reserve every answer asked for: how many it covers, and the models to drop for it to cover them. */
function CreditsShort({
  models,
  asked,
  covered,
  onDrop,
  disabled,
}: {
  models: ModelJson[];
  asked: string[];
  covered: number;
  onDrop: () => void;
  disabled: boolean;
}) {
  const t = useTranslations('chat.sideBySide');
  const locale = useLocale();
  const labelOf = useModelLabel();
  const dropped = asked.slice(covered).map((id) => labelOf(models.find((m) => m.id === id)?.label ?? id));
  return (
    <p
      role="status"
      className="mt-2 flex flex-wrap items-center gap-2 text-sm text-amber-800 dark:text-amber-200"
      data-testid="compare-credits"
      data-covered={covered}
    >
      {t('creditsCover', { covered, count: asked.length })}
      {/* the first answer is the composer's own model: with none covered, dropping the others does not help */}
      {covered > 0 && (
        <Button size="sm" variant="secondary" onClick={onDrop} disabled={disabled} data-testid="compare-drop-uncovered">
          {t('dropUncovered', { models: new Intl.ListFormat(locale, { type: 'conjunction' }).format(dropped) })}
        </Button>
      )}
    </p>
  );
}
