'use client';

import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { SectionSnapshot } from './canvas-types';
import { WordDiff } from './word-diff';

export interface SectionConflict {
  /** the text this person has (their editor's Markdown) */
  mine: string;
  /** what the server has now */
  current: SectionSnapshot;
}

interface ConflictDialogProps {
  conflict: SectionConflict;
  sectionTitle: string;
  /** re-sends `mine` as a new version on top of `current` */
  onKeepMine(conflict: SectionConflict): Promise<void>;
  onTakeTheirs(conflict: SectionConflict): void;
  /** closed without choosing: the editor keeps the person's text, unsaved */
  onDismiss(): void;
}

/** "This section changed": both texts, a word-level diff, and the person's three choices. Mounted only while there is a conflict. */
export function ConflictDialog({ conflict, sectionTitle, onKeepMine, onTakeTheirs, onDismiss }: ConflictDialogProps) {
  const t = useTranslations('canvas.conflict');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const copyMine = (open: SectionConflict) =>
    run(async () => {
      try {
        await navigator.clipboard.writeText(open.mine);
      } catch (failure) {
        throw new Error(t('copyFailed', { message: failure instanceof Error ? failure.message : String(failure) }));
      }
      onTakeTheirs(open);
    });

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onDismiss()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[min(56rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl dark:bg-zinc-900"
          data-testid="conflict-dialog"
        >
          <Dialog.Title className="text-lg font-semibold">{t('title')}</Dialog.Title>
          <Dialog.Description className="text-sm text-zinc-600 dark:text-zinc-400">
            {t('description', { title: sectionTitle })}
          </Dialog.Description>
          <div className="grid gap-4 md:grid-cols-2">
            <TextPane heading={t('mine')} text={conflict.mine} testId="conflict-mine" />
            <TextPane heading={t('theirs', { version: conflict.current.version })} text={conflict.current.body} testId="conflict-theirs" />
          </div>
          <section className="flex flex-col gap-2">
            <h3 className="text-sm font-medium">{t('diffHeading')}</h3>
            <div className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
              <WordDiff before={conflict.current.body} after={conflict.mine} label={t('diffHeading')} />
            </div>
          </section>
          {problem && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {problem}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button disabled={busy} onClick={() => void copyMine(conflict)}>
              {t('copyMine')}
            </Button>
            <Button disabled={busy} onClick={() => onTakeTheirs(conflict)}>
              {t('takeTheirs')}
            </Button>
            <Button variant="primary" disabled={busy} onClick={() => void run(() => onKeepMine(conflict))}>
              {busy ? t('saving') : t('keepMine')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function TextPane({ heading, text, testId }: { heading: string; text: string; testId: string }) {
  return (
    <section className="flex min-w-0 flex-col gap-1">
      <h3 className="text-sm font-medium">{heading}</h3>
      <pre
        className="max-h-64 overflow-y-auto whitespace-pre-wrap break-words rounded-lg bg-zinc-50 p-3 font-sans text-sm leading-6 dark:bg-zinc-950"
        data-testid={testId}
      >
        {text}
      </pre>
    </section>
  );
}
