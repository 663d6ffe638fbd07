import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthForm } from '@/components/auth/auth-form';
import { SignUpUnavailable } from '@/components/auth/sign-up-unavailable';
import { getApp } from '@/lib/app';
import { safeReturnPath } from '@/lib/auth/return-path';
import { signUpOffer } from '@/lib/auth/sign-up-gate';
import { ssoOfferOf } from '@/lib/auth/single-sign-on';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('signUpTitle') };
}

/**
 * SIGNUP=open shows the form; invite needs a usable `?invite=` link (or, with
 * `?as=staff`, an address on the staff list); closed says so.
 */
export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<{ invite?: string | string[]; as?: string; next?: string | string[] }>;
}) {
  const app = await getApp();
  const { invite, as, next } = await searchParams;
  const offer = await signUpOffer(app.db, app.config.signup, Array.isArray(invite) ? invite[0] : invite, {
    staffListConfigured: app.config.staffEmails.length > 0,
    asStaff: as === 'staff',
  });
  if (offer.kind === 'refused') return <SignUpUnavailable code={offer.code} staffMaySignUp={offer.staffMaySignUp} />;
  return (
    <AuthForm
      mode="sign-up"
      invite={offer.invite}
      staffOnly={offer.staffOnly}
      returnTo={safeReturnPath(next)}
      sso={ssoOfferOf(app.config.oidc)}
    />
  );
}
