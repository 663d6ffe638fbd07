'use client';

import { useTranslations } from 'next-intl';

/** The sign-up gate's refusals (SIGNUP=invite|closed), each explained by the auth messages' `gate` section. */
export const GATE_CODES = new Set([
  'SIGNUP_CLOSED',
  'INVITE_REQUIRED',
  'INVITE_NOT_FOUND',
  'INVITE_USED',
  'INVITE_REVOKED',
  'INVITE_EXPIRED',
  'INVITE_EMAIL_MISMATCH',
]);

/** better-auth's and Quire's codes for a single sign-on that did not complete, by what the person can do about it. */
const SSO_ERRORS: Record<string, string> = {
  SSO_DOMAIN_NOT_ALLOWED: 'domain',
  SSO_ISSUER_MISMATCH: 'issuer',
  issuer_mismatch: 'issuer',
  issuer_missing: 'issuer',
  SSO_UNAVAILABLE: 'unavailable',
  oauth_provider_not_found: 'unavailable',
  state_mismatch: 'state',
  state_not_found: 'state',
  state_invalid: 'state',
  please_restart_the_process: 'state',
  invalid_code: 'state',
  account_not_linked: 'notLinked',
  unable_to_link_account: 'notLinked',
  access_denied: 'cancelled',
  email_not_found: 'noEmail',
};

/** A single sign-on's failure code (the sign-in page's `?error=`, or the start's JSON `code`) in the person's words. */
export function useSsoErrorMessage(): (code: string) => string {
  const t = useTranslations('auth');
  return (code) => {
    if (GATE_CODES.has(code)) return t(`gate.${code}.message`);
    const known = SSO_ERRORS[code];
    return known ? t(`sso.errors.${known}`) : t('sso.errors.generic', { code: code.slice(0, 60) });
  };
}
