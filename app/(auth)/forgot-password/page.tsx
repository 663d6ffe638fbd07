import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ForgotPasswordForm } from '@/components/auth/password-forms';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth.passwordLink'))('forgotTitle') };
}

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm />;
}
