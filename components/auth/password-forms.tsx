'use client';

import { LoaderCircle } from 'lucide-react';
import Link from 'next/link';
import { enterApp } from './enter-app';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ApiError, fetchJson } from '@/components/api/fetch-json';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
// a submit before React runs would be the browser's own GET, with the password in the URL
import { useInteractive } from '@/components/ui/use-interactive';
import { MIN_PASSWORD_LENGTH as MIN_PASSWORD } from '@/lib/auth/password-rules';

const CARD = 'mt-6 flex flex-col gap-4 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900';
const LINK = 'font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400';

function ErrorNote({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      id="password-error"
      role="alert"
      className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
    >
      {message}
    </p>
  );
}

/**
 * The page a mailed password link opens: the person chooses a password, which
 * replaces any earlier one and ends every other session, then is signed in with it.
 */
export function SetPasswordForm({ token, email }: { token: string; email: string }) {
  const t = useTranslations('auth.passwordLink');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const interactive = useInteractive();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirm') ?? '')) {
      setError(t('mismatch'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await fetchJson('/api/auth/reset-password', { method: 'POST', body: { token, newPassword: password } });
      await fetchJson('/api/auth/sign-in/email', { method: 'POST', body: { email, password } });
      enterApp('/');
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.code : '';
      setError(code === 'INVALID_TOKEN' ? t('linkInvalid') : caught instanceof Error ? caught.message : t('failed'));
      setPending(false);
    }
  }

  return (
    <div className="w-full max-w-sm">
      <h1 className="text-2xl font-semibold tracking-tight">{t('setTitle')}</h1>
      <p className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">{t('setLead', { email })}</p>
      <form onSubmit={submit} method="post" className={CARD} aria-describedby={error ? 'password-error' : undefined}>
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <Field label={t('new')} htmlFor="new-password">
          <TextInput id="new-password" name="password" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD} />
        </Field>
        <Field label={t('confirm')} htmlFor="confirm-password">
          <TextInput id="confirm-password" name="confirm" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD} />
        </Field>
        <ErrorNote message={error} />
        <Button type="submit" variant="primary" disabled={pending || !interactive} className="mt-1 w-full">
          {pending && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
          {t('setAction')}
        </Button>
      </form>
    </div>
  );
}

/** "Forgot your password?": asks for a link by mail; says the same whether or not an account uses the address. */
export function ForgotPasswordForm() {
  const t = useTranslations('auth.passwordLink');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const interactive = useInteractive();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setPending(true);
    setError(null);
    try {
      await fetchJson('/api/auth/request-password-reset', { method: 'POST', body: { email } });
      setSentTo(email);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="w-full max-w-sm">
      <h1 className="text-2xl font-semibold tracking-tight">{t('forgotTitle')}</h1>
      <p className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">{t('forgotLead')}</p>
      {sentTo ? (
        <p role="status" data-testid="reset-link-sent" className={`${CARD} text-sm text-zinc-700 dark:text-zinc-300`}>
          {t('sent', { email: sentTo })}
        </p>
      ) : (
        <form onSubmit={submit} method="post" className={CARD} aria-describedby={error ? 'password-error' : undefined}>
          <Field label={t('email')} htmlFor="reset-email">
            <TextInput id="reset-email" name="email" type="email" autoComplete="email" required />
          </Field>
          <ErrorNote message={error} />
          <Button type="submit" variant="primary" disabled={pending || !interactive} className="mt-1 w-full">
            {pending && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
            {t('sendAction')}
          </Button>
        </form>
      )}
      <p className="mt-5 text-center text-sm text-zinc-600 dark:text-zinc-400">
        <Link href="/sign-in" className={LINK}>
          {t('backToSignIn')}
        </Link>
      </p>
    </div>
  );
}

/** A password link that is unknown, already used or expired. */
export function PasswordLinkInvalid() {
  const t = useTranslations('auth.passwordLink');
  return (
    <div className="w-full max-w-sm" data-testid="password-link-invalid">
      <div className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="text-xl font-semibold tracking-tight">{t('invalidTitle')}</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('linkInvalid')}</p>
        <p className="mt-4 text-sm">
          <Link href="/forgot-password" className={LINK}>
            {t('askAgain')}
          </Link>
        </p>
      </div>
    </div>
  );
}
