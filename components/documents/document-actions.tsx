'use client';

import { Play, Square, Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import type { DocumentDeletedJson, ResumeBody } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { DocumentJson } from './document-types';
import { ExportMenu } from './export-menu';

const FINAL = ['done', 'cancelled', 'failed'];
/** What the person can resume: a job that stopped before it was done (job-control.ts). */
const RESUMABLE = ['paused', 'failed', 'cancelled'];

/**
 * Cancel a running job (after a question), resume a paused, failed or cancelled
 * one (optionally with a bigger budget), delete the document (after a
 * question), export. Cancel, resume and delete are the owner's.
 */
export function DocumentActions({ document, onChanged }: { document: DocumentJson; onChanged: () => void }) {
  const t = useTranslations('documents.actions');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [budgetUsd, setBudgetUsd] = useState('');
  const [asking, setAsking] = useState<'cancel' | 'delete' | null>(null);
  const owner = document.role === 'owner';
  const title = document.title || t('untitled');
  const act = async (path: string, body?: unknown) => {
    setBusy(true);
    setError(null);
    try {
      await fetchJson(`/api/documents/${document.id}/${path}`, { method: 'POST', body });
      onChanged();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await fetchJson<DocumentDeletedJson>(`/api/documents/${document.id}`, { method: 'DELETE' });
      toast.success(t('deleted', { title }));
      router.push('/documents');
      router.refresh();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };
  const resumable = RESUMABLE.includes(document.status);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {owner && !FINAL.includes(document.status) && (
          <Button variant="danger" size="sm" disabled={busy} onClick={() => setAsking('cancel')}>
            <Square className="size-3.5" aria-hidden /> {t('cancel')}
          </Button>
        )}
        {owner && resumable && (
          <>
            <label className="sr-only" htmlFor="resume-budget">
              {t('budgetLabel')}
            </label>
            <input
              id="resume-budget"
              inputMode="decimal"
              placeholder={t('budgetPlaceholder')}
              value={budgetUsd}
              onChange={(e) => setBudgetUsd(e.target.value)}
              className="h-8 w-40 rounded-md border border-zinc-300 bg-white px-2 text-xs dark:border-zinc-700 dark:bg-zinc-900"
            />
            <Button
              variant="primary"
              size="sm"
              disabled={busy}
              onClick={() => {
                const usd = Number.parseFloat(budgetUsd);
                const body: ResumeBody = Number.isFinite(usd) && usd > 0 ? { budgetMicros: Math.round(usd * 1_000_000) } : {};
                act('resume', body);
              }}
            >
              <Play className="size-3.5" aria-hidden /> {t('resume')}
            </Button>
          </>
        )}
        <ExportMenu documentId={document.id} />
        {owner && (
          <Button
            variant="ghost"
            size="sm"
            className="ms-auto text-red-700 dark:text-red-400"
            disabled={busy}
            onClick={() => setAsking('delete')}
          >
            <Trash2 className="size-3.5" aria-hidden /> {t('delete')}
          </Button>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={asking === 'cancel'}
        onOpenChange={(open) => setAsking(open ? 'cancel' : null)}
        title={t('cancelTitle', { title })}
        description={t('cancelDescription')}
        confirmLabel={t('cancelConfirm')}
        keepLabel={t('keepWriting')}
        onConfirm={() => void act('cancel')}
      />
      <ConfirmDialog
        open={asking === 'delete'}
        onOpenChange={(open) => setAsking(open ? 'delete' : null)}
        title={t('deleteTitle', { title })}
        description={t('deleteDescription')}
        confirmLabel={t('deleteConfirm')}
        keepLabel={t('keepDocument')}
        onConfirm={() => void remove()}
      />
    </div>
  );
}
