'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { AnswersBody } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import { FormFooter } from '@/components/ui/form-footer';
import type { DocumentJson } from './document-types';

/** The job waits on these: saving them wakes it (one transaction on the server). */
export function QuestionsForm({ document, onSaved }: { document: DocumentJson; onSaved: () => void }) {
  const t = useTranslations('documents.questions');
  const open = document.questions.filter((q) => q.answer === null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await fetchJson(`/api/documents/${document.id}/answers`, {
        method: 'POST',
        body: { answers: open.map((q) => ({ questionId: q.id, text: answers[q.id] ?? '' })) } satisfies AnswersBody,
      });
      onSaved();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby="questions-title"
      className="flex flex-col gap-4 rounded-xl border border-amber-200 bg-amber-50/60 p-4 dark:border-amber-900 dark:bg-amber-950/30"
    >
      <h2 id="questions-title" className="text-base font-semibold">
        {t('title')}
      </h2>
      {open.map((question, i) => (
        <div key={question.id} className="flex flex-col gap-1.5">
          <label htmlFor={`answer-${question.id}`} className="text-sm font-medium">
            {i + 1}. {question.text}
          </label>
          <textarea
            id={`answer-${question.id}`}
            required
            rows={2}
            maxLength={2000}
            value={answers[question.id] ?? ''}
            onChange={(e) => setAnswers((current) => ({ ...current, [question.id]: e.target.value }))}
            className="rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
        </div>
      ))}
      <FormFooter error={error} busy={saving} label={t('submit')} busyLabel={t('saving')} />
    </form>
  );
}
