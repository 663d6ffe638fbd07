'use client';

import { Pencil } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import type { DocumentRenamedJson, RenameDocumentBody } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import { Button } from '@/components/ui/button';

/** The document's name, and for its owner a Rename button that turns it into a field (Enter saves, Escape leaves it as it was). */
export function DocumentHeading({
  documentId,
  title,
  canRename,
  onRenamed,
}: {
  documentId: string;
  title: string;
  canRename: boolean;
  onRenamed: (title: string) => void;
}) {
  const t = useTranslations('documents.actions');
  const [renaming, setRenaming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get('title') ?? '').trim();
    if (!next || next === title) {
      setRenaming(false);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body: RenameDocumentBody = { title: next };
      const renamed = await fetchJson<DocumentRenamedJson>(`/api/documents/${documentId}`, { method: 'PATCH', body });
      onRenamed(renamed.title);
      setRenaming(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  if (renaming) {
    return (
      <form onSubmit={rename} className="flex min-w-0 flex-1 basis-full flex-wrap items-center gap-2">
        <h1 id="document-title" className="sr-only">
          {title}
        </h1>
        <input
          name="title"
          defaultValue={title}
          maxLength={200}
          required
          // biome-ignore lint/a11y/noAutofocus: the field appears because the person chose Rename
          autoFocus
          aria-label={t('renameLabel')}
          onKeyDown={(event) => event.key === 'Escape' && setRenaming(false)}
          className="h-10 min-w-0 flex-1 basis-60 rounded-md border border-indigo-400 bg-white px-2 text-lg font-semibold outline-none dark:bg-zinc-900"
        />
        <Button type="submit" variant="primary" size="sm" disabled={busy}>
          {t('renameSave')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setRenaming(false)}>
          {t('renameCancel')}
        </Button>
        {error && (
          <p role="alert" className="basis-full text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </form>
    );
  }
  return (
    <>
      <h1 id="document-title" className="min-w-0 text-2xl font-semibold tracking-tight break-words">
        {title}
      </h1>
      {canRename && (
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={t('rename')}
          title={t('rename')}
          onClick={() => setRenaming(true)}
        >
          <Pencil className="size-4" aria-hidden />
        </Button>
      )}
    </>
  );
}
