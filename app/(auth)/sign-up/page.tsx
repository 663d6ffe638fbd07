import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthForm } from '@/components/auth/auth-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth'))('signUpTitle') };
}

export default function SignUpPage() {
  return <AuthForm mode="sign-up" />;
}
