import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthForm } from '@/components/auth/auth-form';
import { getApp } from '@/lib/app';
import { RETURN_PARAM, safeReturnPath } from '@/lib/auth/return-path';
import { ssoErrorCodeOf, ssoOfferOf } from '@/lib/auth/single-sign-on';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('signInTitle') };
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const app = await getApp();
  const params = await searchParams;
  const returnTo = safeReturnPath(params[RETURN_PARAM]);
  // a closed server has no sign-up to point to; a single sign-on that failed comes back here with `?error=`
  return (
    <AuthForm
      mode="sign-in"
      offerSignUp={app.config.signup !== 'closed'}
      returnTo={returnTo}
      sso={ssoOfferOf(app.config.oidc)}
      ssoError={ssoErrorCodeOf(params.error)}
    />
  );
}
