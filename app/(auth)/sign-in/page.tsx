import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthForm } from '@/components/auth/auth-form';
import { getApp } from '@/lib/app';
import { RETURN_PARAM, safeReturnPath } from '@/lib/auth/return-path';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('signInTitle') };
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const app = await getApp();
  // a closed server has no sign-up to point to
  const returnTo = safeReturnPath((await searchParams)[RETURN_PARAM]);
  return <AuthForm mode="sign-in" offerSignUp={app.config.signup !== 'closed'} returnTo={returnTo} />;
}
