'use client';

import { ChevronRight, Pencil, Trash } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import type { KeyFactJson } from '@/components/api/api-types';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { TextInput } from '@/components/ui/field';
import { KeyFactHistory } from './key-fact-history';
import { useKeyFactLabel } from './key-fact-label';

interface KeyFactItemProps {
  slot: KeyFactJson;
  /** staff read the facts and their whole history, and change nothing */
  readOnly?: boolean;
  onSave?: (key: string, value: string) => Promise<void>;
  onRemove?: (key: string) => Promise<void>;
}

export function KeyFactItem({ slot: keyFact, readOnly, onSave, onRemove }: KeyFactItemProps) {
  const t = useTranslations('insights.facts');
  const labelOf = useKeyFactLabel();
  const historyId = useId();
  const inputId = useId();
  const [expanded, setExpanded] = useState(!!readOnly);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(keyFact.value);
  const [busy, setBusy] = useState(false);
  const label = labelOf(keyFact.key);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!onSave || !draft.trim()) return;
    setBusy(true);
    try {
      await onSave(keyFact.key, draft.trim());
      setEditing(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li
      className="rounded-lg border border-zinc-200 bg-white px-3 py-2.5 dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="slot"
      data-slot-key={keyFact.key}
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          onClick={() => setExpanded(!expanded)}
          aria-expanded={expanded}
          aria-controls={historyId}
          className="flex min-w-0 flex-1 items-start gap-1 rounded text-left focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <ChevronRight
            className={cn('mt-0.5 size-3.5 shrink-0 text-zinc-400 transition-transform', expanded && 'rotate-90')}
            aria-hidden
          />
          <span className="min-w-0">
            <span className="block text-[11px] font-medium tracking-wide text-zinc-500 uppercase">{label}</span>
            <span className={cn('block text-sm break-words', !keyFact.value && 'text-zinc-500 italic')}>
              {keyFact.value || t('removed')}
            </span>
          </span>
        </button>
        {!readOnly && !editing && (
          <div className="flex shrink-0 gap-0.5">
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              onClick={() => {
                setDraft(keyFact.value);
                setEditing(true);
              }}
              aria-label={t('edit', { key: label })}
            >
              <Pencil className="size-3.5" aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-7 hover:text-red-600"
              onClick={() => onRemove?.(keyFact.key)}
              aria-label={t('remove', { key: label })}
            >
              <Trash className="size-3.5" aria-hidden />
            </Button>
          </div>
        )}
      </div>
      {editing && (
        <form onSubmit={save} className="mt-2 flex flex-col gap-2">
          <label htmlFor={inputId} className="sr-only">
            {t('newValue', { key: label })}
          </label>
          <TextInput id={inputId} value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={200} autoFocus className="h-8" />
          <div className="flex justify-end gap-1.5">
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              {t('cancel')}
            </Button>
            <Button size="sm" variant="primary" type="submit" disabled={busy || !draft.trim()}>
              {t('save')}
            </Button>
          </div>
        </form>
      )}
      {expanded && <KeyFactHistory history={keyFact.history} id={historyId} />}
    </li>
  );
}
