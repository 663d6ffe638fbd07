'use client';

import { FileUp, LoaderCircle } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ChatImportJson } from '@/components/api/api-types';
import { ApiError } from '@/components/api/fetch-json';
import { useChatTitle } from '@/components/chat/use-chat-title';
import { Button } from '@/components/ui/button';
import { DialogPanel } from '@/components/ui/dialog-panel';
import { IMPORT_FILE_ACCEPT, MAX_IMPORT_BYTES, MAX_IMPORT_CHATS } from '@/lib/chat/import/import-limits';
import { IMPORT_SOURCE_NAMES } from '@/lib/chat/import/import-sources';
import { uploadChatExport } from './upload-chat-export';

type Step =
  | { state: 'choosing' }
  | { state: 'uploading'; percent: number }
  | { state: 'reading' }
  | { state: 'done'; result: ChatImportJson }
  | { state: 'failed'; message: string };

/** The refusals the dialog says in the reader's language; anything else shows the server's own words. */
const KNOWN_REFUSALS = new Set([
  'import_too_large',
  'import_too_many_chats',
  'import_zip_bomb',
  'import_too_deep',
  'import_not_recognised',
  'rate_limited',
]);

/**
 * "Import chats" beside the chat list: a person moving from ChatGPT or Claude.ai
 * (or another Quire) uploads the export and each conversation becomes a chat.
 * The dialog shows the upload's progress, then how many chats were made, with
 * links to the first of them; the list beside it refreshes.
 */
export function ImportChatsButton() {
  const t = useTranslations('shell.import');
  const titleOf = useChatTitle();
  const router = useRouter();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ state: 'choosing' });
  const abort = useRef<AbortController | null>(null);
  const busy = step.state === 'uploading' || step.state === 'reading';

  useEffect(() => () => abort.current?.abort(), []);

  function changeOpen(next: boolean) {
    // closing while the file uploads stops it; once the server is reading, the import finishes anyway
    if (!next && step.state === 'uploading') abort.current?.abort();
    setOpen(next);
    if (!next) {
      setFile(null);
      setStep({ state: 'choosing' });
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) return setStep({ state: 'failed', message: t('refused.import_too_large') });
    abort.current = new AbortController();
    setStep({ state: 'uploading', percent: 0 });
    try {
      const result = await uploadChatExport(
        file,
        (loaded, total) => setStep({ state: 'uploading', percent: Math.round((loaded / total) * 100) }),
        () => setStep({ state: 'reading' }),
        abort.current.signal,
      );
      setStep({ state: 'done', result });
      router.refresh();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'aborted') return;
      const code = error instanceof ApiError ? error.code : '';
      setStep({
        state: 'failed',
        message: KNOWN_REFUSALS.has(code) ? t(`refused.${code}`) : error instanceof Error ? error.message : String(error),
      });
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="h-6 px-1.5 text-[11px] normal-case"
          data-testid="import-chats"
          title={t('open')}
          aria-label={t('open')}
        >
          <FileUp className="size-3.5" aria-hidden />
          {t('openShort')}
        </Button>
      </Dialog.Trigger>
      <DialogPanel title={t('title')} description={t('description')} closeLabel={t('close')} testId="import-chats-dialog">
        {step.state !== 'done' && (
          <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
            <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
              <li>{t('whereChatGpt')}</li>
              <li>{t('whereClaude')}</li>
              <li>{t('whereQuire')}</li>
            </ul>
            <label htmlFor={inputId} className="text-sm font-medium">
              {t('fileLabel')}
            </label>
            <input
              id={inputId}
              type="file"
              accept={IMPORT_FILE_ACCEPT}
              disabled={busy}
              data-testid="import-file"
              onChange={(event) => {
                setFile(event.currentTarget.files?.[0] ?? null);
                setStep({ state: 'choosing' });
              }}
              className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-zinc-50 dark:file:border-zinc-700 dark:file:bg-zinc-800 dark:file:text-zinc-100"
            />
            <p className="text-xs text-zinc-500">{t('limits', { megabytes: MAX_IMPORT_BYTES / 1024 / 1024, chats: MAX_IMPORT_CHATS })}</p>
            <div aria-live="polite" className="min-h-5 text-sm">
              {step.state === 'uploading' && (
                <div className="flex flex-col gap-1.5">
                  <span>{t('uploading', { percent: step.percent })}</span>
                  <progress max={100} value={step.percent} className="h-1.5 w-full accent-indigo-600" aria-label={t('progressLabel')} />
                </div>
              )}
              {step.state === 'reading' && (
                <span className="flex items-center gap-2">
                  <LoaderCircle className="size-4 animate-spin" aria-hidden />
                  {t('reading')}
                </span>
              )}
              {step.state === 'failed' && (
                <p role="alert" className="text-red-700 dark:text-red-400" data-testid="import-error">
                  {step.message}
                </p>
              )}
            </div>
            <div className="flex justify-end">
              <Button type="submit" variant="primary" disabled={!file || busy} data-testid="import-submit">
                {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
                {t('submit')}
              </Button>
            </div>
          </form>
        )}

        {step.state === 'done' && (
          <div className="flex flex-col gap-3" data-testid="import-result">
            <p role="status" className="text-sm font-medium">
              {step.result.source
                ? t('imported', { count: step.result.imported, source: IMPORT_SOURCE_NAMES[step.result.source] })
                : t('nothing')}
            </p>
            {step.result.skipped > 0 && (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('skipped', { count: step.result.skipped })}</p>
            )}
            {step.result.shortened.map((chat) => (
              <p key={chat.title} className="text-sm text-amber-700 dark:text-amber-400">
                {t('shortened', { title: chat.title, kept: chat.kept, total: chat.total })}
              </p>
            ))}
            {step.result.chats.length > 0 && (
              <ul className="flex max-h-60 flex-col gap-0.5 overflow-y-auto rounded-lg border border-zinc-200 p-1 dark:border-zinc-800">
                {step.result.chats.map((chat) => (
                  <li key={chat.id}>
                    <Link
                      href={`/chats/${chat.id}`}
                      onClick={() => changeOpen(false)}
                      className="block truncate rounded px-2 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
                    >
                      {titleOf(chat.title)}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex justify-end gap-2">
              <Button
                variant="ghost"
                onClick={() => {
                  setFile(null);
                  setStep({ state: 'choosing' });
                }}
              >
                {t('another')}
              </Button>
              <Dialog.Close asChild>
                <Button variant="primary">{t('done')}</Button>
              </Dialog.Close>
            </div>
          </div>
        )}
      </DialogPanel>
    </Dialog.Root>
  );
}
