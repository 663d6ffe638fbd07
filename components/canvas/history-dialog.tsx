'use client';

import { History } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useRef, useState, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { usePagedList } from '@/components/ui/use-paged-list';
import { SectionConflictError, sectionApi } from './canvas-api';
import type { SectionSnapshot, SectionVersionJson } from './canvas-types';
import { VersionList } from './version-list';
import { RenderedDiff } from './word-diff';

interface HistoryDialogProps {
  sectionId: string;
  sectionTitle: string;
  /** the version the editor stands on: restores are made on top of it */
  currentVersion: number;
  /** saves pending edits before a restore replaces the text */
  flushEdits(): Promise<boolean>;
  onRestored(snapshot: SectionSnapshot): void;
  onConflict(mine: string, current: SectionSnapshot): void;
}

/**
 * A section's History button. The dialog is mounted only while open: a
 * document has a button per section, and a closed Radix dialog per section
 * was a good part of the page's hydration.
 */
export function HistoryDialog(props: HistoryDialogProps) {
  const t = useTranslations('canvas.history');
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={trigger}
        size="sm"
        variant="ghost"
        data-testid="open-history"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <History className="size-3.5" aria-hidden />
        {t('open')}
      </Button>
      {open && <HistoryPanel {...props} trigger={trigger} onClose={() => setOpen(false)} />}
    </>
  );
}

const versionKey = (item: SectionVersionJson) => String(item.version);

/**
 * A section's versions, newest first and a page at a time (a long-edited
 * section has hundreds): pick two to compare as the canvas shows them, restore any (a new `restore`
 * version).
 */
function HistoryPanel({
  sectionId,
  sectionTitle,
  currentVersion,
  flushEdits,
  onRestored,
  onConflict,
  trigger,
  onClose,
}: HistoryDialogProps & { trigger: RefObject<HTMLButtonElement | null>; onClose(): void }) {
  const t = useTranslations('canvas.history');
  const list = usePagedList(`/api/sections/${encodeURIComponent(sectionId)}/versions`, undefined, versionKey);
  const versions = list.items;
  // the two newest are compared until the person picks others
  const [chosen, setChosen] = useState<number[] | null>(null);
  const picked = chosen ?? newestTwo(versions);
  const [problem, setProblem] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);

  const toggle = (version: number) =>
    setChosen(picked.includes(version) ? picked.filter((v) => v !== version) : [...picked, version].slice(-2));

  const restore = async (target: SectionVersionJson) => {
    setRestoring(target.version);
    setProblem(null);
    try {
      if (!(await flushEdits())) throw new Error(t('unsaved'));
      const { version } = await sectionApi.restore(sectionId, target.version, currentVersion);
      onRestored({ version, body: target.body });
      setChosen(null);
      await list.reload();
    } catch (failure) {
      if (failure instanceof SectionConflictError) {
        onClose();
        onConflict(target.body, failure.current);
      } else setProblem(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setRestoring(null);
    }
  };

  const [older, newer] = [...picked].sort((a, b) => a - b).map((v) => versions?.find((item) => item.version === v));

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            // there is no Dialog.Trigger to return to: the focus goes back to the History button
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[min(56rem,94vw)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl dark:bg-zinc-900"
          data-testid="history-dialog"
        >
          <Dialog.Title className="text-lg font-semibold">{t('title', { title: sectionTitle })}</Dialog.Title>
          <Dialog.Description className="text-sm text-zinc-600 dark:text-zinc-400">{t('description')}</Dialog.Description>
          {problem && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {problem}
            </p>
          )}
          {versions === null && !list.error && <p className="text-sm text-zinc-500">{t('loading')}</p>}
          {versions && (
            <VersionList
              versions={versions}
              currentVersion={currentVersion}
              picked={picked}
              restoring={restoring}
              onToggle={toggle}
              onRestore={(v) => void restore(v)}
            />
          )}
          <LoadMore list={list} />
          {older && newer ? (
            <section className="flex flex-col gap-2">
              <h3 className="text-sm font-medium">{t('diffHeading', { from: older.version, to: newer.version })}</h3>
              <div className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
                <RenderedDiff before={older.body} after={newer.body} label={t('diffHeading', { from: older.version, to: newer.version })} />
              </div>
            </section>
          ) : (
            versions && <p className="text-sm text-zinc-500">{t('pickTwo')}</p>
          )}
          <div className="flex justify-end">
            <Dialog.Close asChild>
              <Button>{t('close')}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function newestTwo(versions: SectionVersionJson[] | null): number[] {
  return (versions ?? [])
    .map((v) => v.version)
    .sort((a, b) => b - a)
    .slice(0, 2);
}
