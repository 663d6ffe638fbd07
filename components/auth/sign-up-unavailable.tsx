import { LockKeyhole } from 'lucide-react';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { SignUpRefusal } from '@/lib/auth/sign-up-gate';

/** Why there is no sign-up form here: closed, invitation only, or a link that cannot be used. */
export async function SignUpUnavailable({ code, staffMaySignUp = false }: { code: SignUpRefusal; staffMaySignUp?: boolean }) {
  const t = await getTranslations('auth');
  return (
    <div className="w-full max-w-sm" data-testid="sign-up-unavailable" data-code={code}>
      <div className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <LockKeyhole className="size-6 text-zinc-400" aria-hidden />
        <h1 className="mt-3 text-xl font-semibold tracking-tight">{t(`gate.${code}.title`)}</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t(`gate.${code}.message`)}</p>
        {staffMaySignUp && (
          <p className="mt-4 border-t border-zinc-200 pt-4 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
            {t('staffSignUp.question')}{' '}
            <Link href="/sign-up?as=staff" className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
              {t('staffSignUp.link')}
            </Link>
          </p>
        )}
      </div>
      <p className="mt-5 text-center text-sm text-zinc-600 dark:text-zinc-400">
        {t('haveAccount')}{' '}
        <Link href="/sign-in" className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
          {t('signInInstead')}
        </Link>
      </p>
    </div>
  );
}
