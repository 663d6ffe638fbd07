'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { fetchJson } from '@/components/api/fetch-json';
import { Field, TextInput } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { accountErrorMessage } from './account-error';
import { SECTION_CLASS } from './account-layout';

const KNOWN = {
  INVALID_PASSWORD: 'password.errors.wrongCurrent',
  PASSWORD_REQUIRED: 'password.errors.wrongCurrent',
  EMAIL_TAKEN: 'email.errors.EMAIL_TAKEN',
  EMAIL_UNCHANGED: 'email.errors.EMAIL_UNCHANGED',
  VALIDATION_ERROR: 'email.errors.invalid',
  INVALID_EMAIL: 'email.errors.invalid',
};

interface ChangeEmailFormProps {
  email: string;
  /** false: the server has no mail server and writes links to its log */
  mailed: boolean;
  /** what the mailed link said when it brought the person back here: moved, or why not */
  outcome?: { changed: true } | { error: string };
}

/**
 * A new address is only asked for here: the link goes to that address, and the
 * account moves when it is followed (the page is reloaded then, with the outcome).
 */
export function ChangeEmailForm({ email, mailed, outcome }: ChangeEmailFormProps) {
  const t = useTranslations('account');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const newEmail = String(fields.get('newEmail') ?? '').trim();
    const password = String(fields.get('password') ?? '');
    setSentTo(null);
    if (newEmail.toLowerCase() === email.toLowerCase()) return setError(t('email.errors.EMAIL_UNCHANGED'));
    setBusy(true);
    setError(null);
    try {
      await fetchJson('/api/auth/change-email', { method: 'POST', body: { newEmail, password } });
      form.reset();
      setSentTo(newEmail);
    } catch (caught) {
      setError(accountErrorMessage(t, caught, KNOWN));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="email-title" className={SECTION_CLASS}>
      <div>
        <h2 id="email-title" className="text-base font-semibold">
          {t('email.title')}
        </h2>
        <p className="mt-1 text-sm break-words text-zinc-600 dark:text-zinc-400" data-testid="current-email">
          {t('email.current', { email })}
        </p>
      </div>
      {outcome && <LinkOutcome outcome={outcome} email={email} />}
      <form onSubmit={submit} method="post" className="flex max-w-sm flex-col gap-4" data-testid="change-email">
        <Field label={t('email.new')} htmlFor="new-email">
          <TextInput id="new-email" name="newEmail" type="email" autoComplete="email" maxLength={254} required />
        </Field>
        <Field label={t('password.current')} htmlFor="email-current-password">
          <TextInput id="email-current-password" name="password" type="password" autoComplete="current-password" required />
        </Field>
        {sentTo && (
          <p role="status" className="text-sm break-words text-emerald-700 dark:text-emerald-400">
            {mailed ? t('email.sent', { email: sentTo, current: email }) : t('email.logged', { email: sentTo })}
          </p>
        )}
        <FormFooter error={error} busy={busy} label={t('email.action')} busyLabel={t('email.sending')} />
      </form>
    </section>
  );
}

const LINK_ERRORS = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'INVALID_USER', 'USER_NOT_FOUND']);

function LinkOutcome({ outcome, email }: { outcome: NonNullable<ChangeEmailFormProps['outcome']>; email: string }) {
  const t = useTranslations('account.email');
  if ('changed' in outcome)
    return (
      <p
        role="status"
        className="rounded-lg bg-emerald-50 px-3 py-2 text-sm break-words text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300"
      >
        {t('changed', { email })}
      </p>
    );
  const key = outcome.error === 'EMAIL_TAKEN' ? 'linkTaken' : LINK_ERRORS.has(outcome.error) ? outcome.error : 'INVALID_TOKEN';
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
      {t(`errors.${key}`)}
    </p>
  );
}
