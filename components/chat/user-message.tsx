'use client';

import { SpriteIcon } from '@/components/ui/sprite-icon';
import { useTranslations } from 'next-intl';
import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { MAX_MESSAGE_CHARS } from '@/lib/chat/limits';
import { messageText } from './chat-ui-message';
import { MessageFiles } from './attachments/message-files';
import type { ChatMessage } from '@/lib/chat/turn/wire';
import type { ChatMessageJson } from '@/components/api/api-types';
import { BranchSwitcher } from './branch-switcher';

interface UserMessageProps {
  message: ChatMessage;
  heading: string;
  /** edit and resend: a new version of the message, answered anew (absent while it is not saved yet) */
  onEdit?: (messageId: string, text: string) => void;
  editDisabled?: boolean;
  /** the message's versions (‹ n / m ›), when it was edited and sent again */
  siblings?: ChatMessageJson['siblings'];
  onShowSibling?: (messageId: string) => void;
}

/** The person's message; Edit opens it in place, and Save & send asks again from here. */
export const UserMessage = memo(function UserMessage({
  message,
  heading,
  onEdit,
  editDisabled,
  siblings,
  onShowSibling,
}: UserMessageProps) {
  const t = useTranslations('chat.edit');
  const text = messageText(message);
  const [draft, setDraft] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const editing = draft !== null;
  const canSave = editing && draft.trim().length > 0 && draft.length <= MAX_MESSAGE_CHARS && !editDisabled;

  useEffect(() => {
    const el = field.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 320)}px`;
  }, [draft]);

  useEffect(() => {
    if (!editing) return;
    const el = field.current;
    el?.focus();
    el?.setSelectionRange(el.value.length, el.value.length);
  }, [editing]);

  function save() {
    if (!canSave || !onEdit) return;
    onEdit(message.id, draft.trim());
    setDraft(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape') setDraft(null);
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  }

  return (
    <article className="group flex flex-col items-end gap-1" data-testid="message-user" data-message-id={message.id}>
      <h2 className="sr-only">{heading}</h2>
      {editing ? (
        <form
          className="w-full max-w-[85%] rounded-2xl border border-zinc-300 bg-white p-2 shadow-sm dark:border-zinc-700 dark:bg-zinc-900"
          aria-label={t('formLabel')}
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <textarea
            ref={field}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            aria-label={t('label')}
            data-testid="edit-input"
            rows={1}
            className="block w-full resize-none bg-transparent px-2 py-1.5 text-[15px] leading-relaxed text-zinc-900 focus:outline-none dark:text-zinc-100"
          />
          <div className="flex items-center justify-end gap-2 pt-1">
            <p className="mr-auto px-2 text-xs text-zinc-600 dark:text-zinc-400">{t('replacesLater')}</p>
            <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
              {t('cancel')}
            </Button>
            <Button size="sm" variant="primary" type="submit" disabled={!canSave} data-testid="edit-send">
              {t('saveAndSend')}
            </Button>
          </div>
        </form>
      ) : (
        // a photo sent without words shows as itself, without an empty bubble above it
        text && (
          <div
            data-testid="user-text"
            className="max-w-[85%] rounded-2xl rounded-br-md bg-zinc-100 px-4 py-2.5 text-[15px] leading-relaxed whitespace-pre-wrap text-zinc-900 [overflow-wrap:anywhere] dark:bg-zinc-800 dark:text-zinc-100"
          >
            {text}
          </div>
        )
      )}
      {!!message.metadata?.files?.length && <MessageFiles files={message.metadata.files} />}
      {!editing && (siblings || onEdit) && (
        <div className="flex items-center gap-1">
          {siblings && onShowSibling && <BranchSwitcher siblings={siblings} disabled={!!editDisabled} onShow={onShowSibling} />}
          {onEdit && (
            <Button
              size="sm"
              variant="ghost"
              className="h-6 px-1.5 [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-focus-within:opacity-100 [@media(hover:hover)]:group-hover:opacity-100"
              onClick={() => setDraft(text)}
              disabled={editDisabled}
              data-testid="edit-message"
            >
              <SpriteIcon name="pencil" className="size-3.5" />
              {t('edit')}
            </Button>
          )}
        </div>
      )}
    </article>
  );
});
