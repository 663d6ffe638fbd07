import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PasswordLinkInvalid, SetPasswordForm } from '@/components/auth/password-forms';
import { getApp } from '@/lib/app';
import { passwordLinkAccount } from '@/lib/auth/password-link';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('auth.passwordLink'))('setTitle') };
}

/** Where a mailed password link lands (`?token=`): a form while the link is usable, else why not. */
export default async function SetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const value = Array.isArray(token) ? token[0] : token;
  const account = value ? await passwordLinkAccount((await getApp()).db, value) : null;
  if (!value || !account) return <PasswordLinkInvalid />;
  return <SetPasswordForm token={value} email={account.email} />;
}
