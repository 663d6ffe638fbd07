'use client';

import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { fetchJson } from '@/components/api/fetch-json';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, SelectInput, TextInput } from '@/components/ui/field';
import { accountErrorMessage } from './account-error';
import { SECTION_CLASS } from './account-layout';

/** A document the person owns that others can open, with the editors it could pass to (lib/documents/members.ts). */
export interface SharedDocumentJson {
  id: string;
  title: string;
  editors: Array<{ id: string; email: string; name: string | null }>;
}

const FORM_ID = 'delete-account-form';
const DELETE_HERE = '';

/**
 * "Delete my account": the dialog asks for the current password and, for each
 * shared document, whether it goes or passes to one of its editors (it goes
 * unless the person picks someone). Deleted, the browser lands on sign-in.
 */
export function DeleteAccount({
  email,
  hasPassword,
  sharedDocuments,
}: {
  email: string;
  /** false for an account that signs in only through single sign-on: a recent sign-in stands in for the password */
  hasPassword: boolean;
  sharedDocuments: SharedDocumentJson[];
}) {
  const t = useTranslations('account');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const password = String(fields.get('password') ?? '');
    if (hasPassword && !password) return setError(t('delete.passwordRequired'));
    const transfers = Object.fromEntries(
      sharedDocuments.flatMap((document) => {
        const to = String(fields.get(`transfer-${document.id}`) ?? DELETE_HERE);
        return to === DELETE_HERE ? [] : [[document.id, to]];
      }),
    );
    setBusy(true);
    setError(null);
    try {
      await fetchJson('/api/account', { method: 'DELETE', body: { password, transfers } });
      // a full load: nothing of the deleted account stays in the page's memory
      window.location.assign('/sign-in');
    } catch (caught) {
      setError(accountErrorMessage(t, caught, { wrong_password: 'delete.wrongPassword', fresh_sign_in_required: 'delete.signInAgain' }));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="delete-title" className={cn(SECTION_CLASS, 'border-red-200 dark:border-red-900/60')}>
      <div>
        <h2 id="delete-title" className="text-base font-semibold">
          {t('delete.title')}
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('delete.lead')}</p>
      </div>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)} data-testid="delete-account">
          {t('delete.action')}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
        title={t('delete.dialogTitle')}
        description={t(hasPassword ? 'delete.dialogDescription' : 'delete.dialogDescriptionNoPassword')}
        confirmLabel={busy ? t('delete.deleting') : t('delete.confirm')}
        keepLabel={t('delete.keep')}
        onConfirm={() => {}}
        formId={FORM_ID}
        busy={busy}
      >
        <form id={FORM_ID} onSubmit={submit} className="flex flex-col gap-4">
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          {sharedDocuments.length > 0 && (
            <fieldset className="flex flex-col gap-3">
              <legend className="text-sm font-medium">{t('delete.sharedTitle')}</legend>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('delete.sharedLead')}</p>
              {sharedDocuments.map((document) =>
                document.editors.length > 0 ? (
                  <Field key={document.id} label={document.title} htmlFor={`transfer-${document.id}`}>
                    <SelectInput id={`transfer-${document.id}`} name={`transfer-${document.id}`} defaultValue={DELETE_HERE}>
                      <option value={DELETE_HERE}>{t('delete.deleteIt')}</option>
                      {document.editors.map((editor) => (
                        <option key={editor.id} value={editor.id}>
                          {t('delete.passTo', { person: editor.name ? `${editor.name} (${editor.email})` : editor.email })}
                        </option>
                      ))}
                    </SelectInput>
                  </Field>
                ) : (
                  <p key={document.id} className="text-sm">
                    <span className="font-medium break-words">{document.title}</span>
                    <span className="block text-xs text-zinc-500">{t('delete.noEditors')}</span>
                  </p>
                ),
              )}
            </fieldset>
          )}
          {hasPassword ? (
            <Field label={t('delete.password')} htmlFor="delete-password">
              <TextInput id="delete-password" name="password" type="password" autoComplete="current-password" required />
            </Field>
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('delete.freshSignIn')}</p>
          )}
          {error && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
        </form>
      </ConfirmDialog>
    </section>
  );
}
