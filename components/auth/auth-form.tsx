'use client';

import { LoaderCircle } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ApiError, fetchJson } from '@/components/api/fetch-json';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { RETURN_PARAM } from '@/lib/auth/return-path';
import { MIN_PASSWORD_LENGTH as MIN_PASSWORD } from '@/lib/auth/password-rules';
import { GATE_CODES, useSsoErrorMessage } from './auth-errors';
import { enterApp } from './enter-app';
import { SsoButton, type SsoOffer } from './sso-button';

/** The auth library's error codes a person can act on, in their language. */
const KNOWN_ERRORS: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalidCredentials',
  USER_ALREADY_EXISTS: 'emailTaken',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'emailTaken',
  PASSWORD_TOO_SHORT: 'passwordTooShort',
  INVALID_EMAIL: 'invalidEmail',
  ACCOUNT_DEACTIVATED: 'deactivated',
};

interface AuthFormProps {
  mode: 'sign-in' | 'sign-up';
  /** the invite this sign-up carries (SIGNUP=invite); its email, when bound to one */
  invite?: { token: string; email: string | null };
  /** invite-only server, no link: the form is for addresses on the staff list */
  staffOnly?: boolean;
  /** sign-in: whether to point to sign-up (not on a closed server) */
  offerSignUp?: boolean;
  /** the page the person asked for before signing in (already checked to be on this site) */
  returnTo?: string | null;
  /** single sign-on, when the server has a provider (OIDC_ISSUER) */
  sso?: SsoOffer;
  /** why the last single sign-on did not complete (`?error=` of the sign-in page) */
  ssoError?: string | null;
}

export function AuthForm({ mode, invite, staffOnly = false, offerSignUp = true, returnTo = null, sso, ssoError = null }: AuthFormProps) {
  const t = useTranslations('auth');
  const ssoMessage = useSsoErrorMessage();
  const [error, setError] = useState<string | null>(() => (ssoError ? ssoMessage(ssoError) : null));
  const [pending, setPending] = useState(false);
  const signUp = mode === 'sign-up';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      email: String(form.get('email') ?? '').trim(),
      password: String(form.get('password') ?? ''),
      ...(signUp ? { name: String(form.get('name') ?? '').trim() } : {}),
      ...(signUp && invite ? { invite: invite.token } : {}),
    };
    setPending(true);
    setError(null);
    try {
      await fetchJson(signUp ? '/api/auth/sign-up/email' : '/api/auth/sign-in/email', { method: 'POST', body });
      // the form stays pending (its spinner on) until the app's first paint
      enterApp(returnTo);
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.code : '';
      const known = KNOWN_ERRORS[code];
      setError(
        GATE_CODES.has(code)
          ? t(`gate.${code}.message`)
          : caught instanceof ApiError && caught.status === 429
            ? t('errors.tooManyAttempts', { seconds: caught.retryAfter ?? 60 })
            : known
              ? t(`errors.${known}`)
              : caught instanceof Error
                ? caught.message
                : t('errors.generic'),
      );
      setPending(false);
    }
  }

  return (
    <div className="w-full max-w-sm">
      <h1 className="text-2xl font-semibold tracking-tight">{signUp ? t('signUpTitle') : t('signInTitle')}</h1>
      <p className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">
        {signUp ? (invite ? t('invitedLead') : staffOnly ? t('staffSignUp.lead') : t('signUpLead')) : t('signInLead')}
      </p>
      <form
        onSubmit={submit}
        className="mt-6 flex flex-col gap-4 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
        aria-describedby={error ? 'auth-error' : undefined}
      >
        {sso && (
          <>
            <SsoButton offer={sso} returnTo={returnTo} invite={invite?.token} onError={setError} />
            <div className="flex items-center gap-3 text-xs text-zinc-500" aria-hidden>
              <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
              {t('sso.or')}
              <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
            </div>
          </>
        )}
        {signUp && (
          <Field label={t('name')} htmlFor="auth-name">
            <TextInput id="auth-name" name="name" autoComplete="name" required maxLength={100} />
          </Field>
        )}
        <Field label={t('email')} htmlFor="auth-email">
          <TextInput
            id="auth-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={invite?.email ?? undefined}
            readOnly={Boolean(invite?.email)}
            aria-describedby={invite?.email ? 'auth-invite-email' : undefined}
          />
          {invite?.email && (
            <span id="auth-invite-email" className="text-xs text-zinc-500">
              {t('inviteFor', { email: invite.email })}
            </span>
          )}
        </Field>
        <Field label={t('password')} htmlFor="auth-password">
          <TextInput
            id="auth-password"
            name="password"
            type="password"
            autoComplete={signUp ? 'new-password' : 'current-password'}
            required
            minLength={signUp ? MIN_PASSWORD : undefined}
            aria-describedby={signUp ? 'auth-password-hint' : undefined}
          />
          {signUp ? (
            <span id="auth-password-hint" className="text-xs text-zinc-500">
              {t('passwordHint', { min: MIN_PASSWORD })}
            </span>
          ) : (
            <Link
              href="/forgot-password"
              className="self-end text-xs text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400"
            >
              {t('passwordLink.forgotLink')}
            </Link>
          )}
        </Field>
        {error && (
          <p
            id="auth-error"
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          >
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={pending} className="mt-1 w-full">
          {pending && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
          {signUp ? t('signUpAction') : t('signInAction')}
        </Button>
      </form>
      {(signUp || offerSignUp) && (
        <p className="mt-5 text-center text-sm text-zinc-600 dark:text-zinc-400">
          {signUp ? t('haveAccount') : t('noAccount')}{' '}
          <Link
            href={`${signUp ? '/sign-in' : '/sign-up'}${returnTo ? `?${RETURN_PARAM}=${encodeURIComponent(returnTo)}` : ''}`}
            className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400"
          >
            {signUp ? t('signInLink') : t('signUpLink')}
          </Link>
        </p>
      )}
    </div>
  );
}
