'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { ShareBody } from '@/components/api/api-types';
import { fetchJson } from '@/components/api/fetch-json';
import { Button } from '@/components/ui/button';
import { Field, SelectInput, TextInput } from '@/components/ui/field';
import type { MemberRole } from '@/lib/documents/members';
import { MemberList } from './member-list';

/** Adds a person by email as reviewer (read, history, restore) or editor, above the list of who has access. */
export function ShareForm({ documentId }: { documentId: string }) {
  const t = useTranslations('documents.share');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('reviewer');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [shares, setShares] = useState(0);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await fetchJson(`/api/documents/${documentId}/members`, { method: 'POST', body: { email, role } satisfies ShareBody });
      setResult({ ok: true, text: t('shared', { email, role }) });
      setEmail('');
      setShares((n) => n + 1);
    } catch (failure) {
      setResult({ ok: false, text: failure instanceof Error ? failure.message : String(failure) });
    }
  };
  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={submit} aria-label={t('addLabel')} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end gap-2">
          <Field label={t('email')} htmlFor="share-email" className="min-w-56 flex-1">
            <TextInput id="share-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Field label={t('role')} htmlFor="share-role">
            <SelectInput id="share-role" value={role} onChange={(e) => setRole(e.target.value as MemberRole)}>
              <option value="reviewer">{t('roles.reviewer')}</option>
              <option value="editor">{t('roles.editor')}</option>
            </SelectInput>
          </Field>
          <Button type="submit">{t('submit')}</Button>
        </div>
        {result && (
          <p
            role={result.ok ? 'status' : 'alert'}
            className={result.ok ? 'text-sm text-emerald-700 dark:text-emerald-300' : 'text-sm text-red-700 dark:text-red-300'}
          >
            {result.text}
          </p>
        )}
      </form>
      {/* a new share: the list is read again from its first page */}
      <MemberList key={shares} documentId={documentId} />
    </div>
  );
}
