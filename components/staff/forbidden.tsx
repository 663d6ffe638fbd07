import { ShieldCheck } from 'lucide-react';
import { getTranslations } from 'next-intl/server';

/** What a non-staff person sees on a staff page: the pages call forbidden(), app/(app)/staff/forbidden.tsx renders this with status 403. */
export async function Forbidden() {
  const t = await getTranslations('staff.forbidden');
  return (
    <div className="flex h-full items-center justify-center p-8" data-testid="forbidden">
      <div className="max-w-sm text-center">
        <ShieldCheck className="mx-auto size-10 text-zinc-300 dark:text-zinc-700" aria-hidden />
        <p className="mt-4 text-sm font-medium text-zinc-500">403</p>
        <h1 className="mt-1 text-xl font-semibold">{t('title')}</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('lead')}</p>
      </div>
    </div>
  );
}
