'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { fetchJson } from '@/components/api/fetch-json';
import { Field, TextInput } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { accountErrorMessage } from './account-error';
import { MIN_PASSWORD, SECTION_CLASS } from './account-layout';

/** better-auth's refusals of a password change, as message keys under `account` */
const KNOWN = {
  INVALID_PASSWORD: 'password.errors.wrongCurrent',
  PASSWORD_TOO_LONG: 'password.errors.tooLong',
};

/**
 * Current password, new one twice. The change ends every other session of the
 * account at once; this device carries on with a new session.
 */
export function ChangePasswordForm({ email }: { email: string }) {
  const t = useTranslations('account');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const currentPassword = String(fields.get('currentPassword') ?? '');
    const newPassword = String(fields.get('newPassword') ?? '');
    setChanged(false);
    if (newPassword.length < MIN_PASSWORD) return setError(t('password.errors.tooShort', { min: MIN_PASSWORD }));
    if (newPassword !== String(fields.get('repeat') ?? '')) return setError(t('password.errors.mismatch'));
    setBusy(true);
    setError(null);
    try {
      await fetchJson('/api/auth/change-password', { method: 'POST', body: { currentPassword, newPassword, revokeOtherSessions: true } });
      form.reset();
      setChanged(true);
      // the session list below now has this device only
      router.refresh();
    } catch (caught) {
      setError(
        accountErrorMessage((key, values) => t(key, { min: MIN_PASSWORD, ...values }), caught, {
          ...KNOWN,
          PASSWORD_TOO_SHORT: 'password.errors.tooShort',
        }),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="password-title" className={SECTION_CLASS}>
      <div>
        <h2 id="password-title" className="text-base font-semibold">
          {t('password.title')}
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('password.lead')}</p>
      </div>
      <form onSubmit={submit} method="post" className="flex max-w-sm flex-col gap-4" data-testid="change-password">
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field label={t('password.current')} htmlFor="current-password">
          <TextInput id="current-password" name="currentPassword" type="password" autoComplete="current-password" required />
        </Field>
        <Field label={t('password.new')} htmlFor="new-password">
          <TextInput
            id="new-password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            aria-describedby="new-password-hint"
          />
          <p id="new-password-hint" className="text-xs text-zinc-500">
            {t('password.hint', { min: MIN_PASSWORD })}
          </p>
        </Field>
        <Field label={t('password.repeat')} htmlFor="repeat-password">
          <TextInput id="repeat-password" name="repeat" type="password" autoComplete="new-password" required />
        </Field>
        {changed && (
          <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
            {t('password.changed')}
          </p>
        )}
        <FormFooter error={error} busy={busy} label={t('password.action')} busyLabel={t('password.saving')} />
      </form>
    </section>
  );
}
