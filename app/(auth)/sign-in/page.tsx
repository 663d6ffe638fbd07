import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthForm } from '@/components/auth/auth-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('signInTitle') };
}

export default function SignInPage() {
  return <AuthForm mode="sign-in" />;
}
