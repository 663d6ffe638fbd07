import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthForm } from '@/components/auth/auth-form';
import { getApp } from '@/lib/app';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('signInTitle') };
}

export default async function SignInPage() {
  const app = await getApp();
  // a closed server has no sign-up to point to
  return <AuthForm mode="sign-in" offerSignUp={app.config.signup !== 'closed'} />;
}
