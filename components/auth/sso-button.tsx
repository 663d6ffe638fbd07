'use client';

import { KeyRound, LoaderCircle } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiError, fetchJson } from '@/components/api/fetch-json';
import { Button } from '@/components/ui/button';
import { useSsoErrorMessage } from './auth-errors';

/** What the server says about single sign-on to the auth pages: configured, and under which name. */
export interface SsoOffer {
  /** OIDC_NAME; unset: the button says "single sign-on" in the page's language */
  name?: string;
}

/**
 * "Sign in with <provider>": asks better-auth for the provider's address (with a
 * fresh state, PKCE verifier and nonce) and sends the browser there. A failure
 * after the provider comes back lands on the sign-in page as `?error=`.
 */
export function SsoButton({
  offer,
  returnTo,
  invite,
  onError,
}: {
  offer: SsoOffer;
  returnTo: string | null;
  /** the invite the sign-up page carries: a new account through the provider spends it */
  invite?: string;
  onError: (message: string | null) => void;
}) {
  const t = useTranslations('auth');
  const messageFor = useSsoErrorMessage();
  const [pending, setPending] = useState(false);

  async function start() {
    setPending(true);
    onError(null);
    try {
      const { url } = await fetchJson<{ url: string }>('/api/auth/sign-in/social', {
        method: 'POST',
        body: {
          provider: 'oidc',
          callbackURL: returnTo ?? '/',
          errorCallbackURL: '/sign-in',
          ...(invite ? { additionalData: { invite } } : {}),
        },
      });
      window.location.assign(url);
    } catch (caught) {
      onError(
        caught instanceof ApiError && caught.status === 429
          ? t('errors.tooManyAttempts', { seconds: caught.retryAfter ?? 60 })
          : messageFor(caught instanceof ApiError ? caught.code : ''),
      );
      setPending(false);
    }
  }

  return (
    <Button type="button" variant="secondary" className="w-full" disabled={pending} onClick={start}>
      {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <KeyRound className="size-4" aria-hidden />}
      {t('sso.action', { name: offer.name ?? t('sso.defaultName') })}
    </Button>
  );
}
