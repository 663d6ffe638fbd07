'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { parseApiError } from '@/components/api/fetch-json';
import { FormFooter } from '@/components/ui/form-footer';
import { formatFileSize } from '@/components/format/file-size';
import { Field, TextInput } from '@/components/ui/field';
import { MAX_SOURCE_FILE_BYTES, SOURCE_FILE_ACCEPT } from '@/lib/documents/sources/upload-limits';

/**
 * A request plus optional files (text, Markdown, PDF, DOCX) and, where the
 * deployment reads the public web, links and the choice to search it; sent as
 * multipart; opens the new document.
 */
export function NewDocumentForm({ publicSources }: { publicSources: boolean }) {
  const t = useTranslations('documents.new');
  const locale = useLocale();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const form = new FormData(event.currentTarget);
    if (!form.get('sectionCount')) form.delete('sectionCount');
    // a request can only narrow the deployment's permission: say no explicitly when unticked
    if (publicSources) form.set('allowPublicSources', form.get('allowPublicSources') === 'true' ? 'true' : 'false');
    if (!String(form.get('links') ?? '').trim()) form.delete('links');
    try {
      const response = await fetch('/api/documents', { method: 'POST', body: form, credentials: 'same-origin' });
      const text = await response.text();
      if (!response.ok) throw parseApiError(response.status, text);
      const { id } = JSON.parse(text) as { id: string };
      router.push(`/documents/${id}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby="new-document-title"
      className="flex flex-col gap-4 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <h2 id="new-document-title" className="text-base font-semibold">
        {t('title')}
      </h2>
      <Field label={t('request')} htmlFor="document-request">
        <textarea
          id="document-request"
          name="request"
          required
          minLength={3}
          maxLength={4000}
          rows={3}
          placeholder={t('requestPlaceholder')}
          className="rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        />
      </Field>
      <div className="flex flex-wrap gap-4">
        <Field
          label={t('sources', { max: formatFileSize(MAX_SOURCE_FILE_BYTES, locale) })}
          htmlFor="document-files"
          className="min-w-64 flex-1"
        >
          <input id="document-files" name="files" type="file" multiple accept={SOURCE_FILE_ACCEPT} className="text-sm" />
        </Field>
        <Field label={t('sections')} htmlFor="document-sections" className="w-44">
          <TextInput id="document-sections" name="sectionCount" type="number" min={1} max={60} />
        </Field>
      </div>
      {publicSources ? (
        <div className="flex flex-col gap-3">
          <Field label={t('links')} htmlFor="document-links">
            <textarea
              id="document-links"
              name="links"
              aria-describedby="document-links-hint"
              rows={2}
              maxLength={20 * 2000}
              placeholder="https://…"
              className="rounded-lg border border-zinc-300 bg-white px-3 py-2 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-900"
            />
            <p id="document-links-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
              {t('linksHint')}
            </p>
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="allowPublicSources" value="true" defaultChecked className="size-4" />
            {t('allowPublicSources')}
          </label>
        </div>
      ) : null}
      <FormFooter error={error} busy={busy} label={t('submit')} busyLabel={t('submitting')} />
    </form>
  );
}
