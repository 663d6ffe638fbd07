'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { sectionApi } from './canvas-api';
import type { FactFlagJson } from './canvas-types';

interface FlagsNoteProps {
  sectionId: string;
  flags: FactFlagJson[];
  /** owners and editors may dismiss a flag they know is right */
  canDismiss: boolean;
  /** a flag was dismissed: the page reloads the document */
  onDismissed?(): void;
}

/** The fact check's findings for the section's current text (also highlighted in the editor), each dismissable with a reason. */
export function FlagsNote({ sectionId, flags, canDismiss, onDismissed }: FlagsNoteProps) {
  const t = useTranslations('canvas.flags');
  const [open, setOpen] = useState<string | null>(null);
  if (flags.length === 0) return null;
  const tokens = [...new Set(flags.map((flag) => flag.token))];
  return (
    <div
      role="note"
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-200"
    >
      <p className="font-medium">{t('heading')}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="section-flags">
        {tokens.map((token) => {
          const flag = flags.find((f) => f.token === token)!;
          return (
            <li key={token}>
              <span>{t('item', { token, kind: t(`kinds.${flag.kind}`) })}</span>
              {canDismiss && open !== token && (
                <Button size="sm" variant="ghost" className="ml-2 h-6 px-1.5 underline" onClick={() => setOpen(token)}>
                  {t('dismiss')}
                </Button>
              )}
              {canDismiss && open === token && (
                <DismissForm
                  sectionId={sectionId}
                  token={token}
                  onCancel={() => setOpen(null)}
                  onDone={() => (setOpen(null), onDismissed?.())}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function DismissForm({ sectionId, token, onCancel, onDone }: { sectionId: string; token: string; onCancel(): void; onDone(): void }) {
  const t = useTranslations('canvas.flags');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await sectionApi.dismissFlag(sectionId, token, reason.trim());
      onDone();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('failed'));
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="mt-1 flex flex-wrap items-center gap-2"
      aria-label={t('dismissLabel', { token })}
    >
      <input
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={500}
        required
        // biome-ignore lint/a11y/noAutofocus: the field appears because the person chose Dismiss
        autoFocus
        placeholder={t('reasonPlaceholder')}
        aria-label={t('reason')}
        className="h-8 min-w-0 flex-1 rounded-md border border-amber-300 bg-white px-2 text-sm text-zinc-900 dark:border-amber-800 dark:bg-zinc-900 dark:text-zinc-100"
      />
      <Button size="sm" variant="primary" type="submit" disabled={busy || reason.trim() === ''}>
        {t('confirm')}
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel} disabled={busy}>
        {t('cancel')}
      </Button>
      {error && (
        <p role="alert" className="w-full text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}
