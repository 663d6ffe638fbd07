'use client';

import { Languages } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type Locale } from '@/lib/i18n/locales';
import { cn } from '@/components/ui/cn';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** The choice is a cookie the server reads on every request (lib/i18n/request.ts). */
export function LanguageSwitcher({ className }: { className?: string }) {
  const t = useTranslations('shell');
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function choose(next: Locale) {
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
    startTransition(() => router.refresh());
  }

  return (
    <label className={cn('relative flex items-center', className)}>
      <span className="sr-only">{t('language')}</span>
      <Languages className="pointer-events-none absolute left-2.5 size-4 text-zinc-500" aria-hidden />
      <select
        value={locale}
        disabled={pending}
        onChange={(event) => choose(event.target.value as Locale)}
        className="h-8 appearance-none rounded-md border border-transparent bg-transparent pr-3 pl-8 text-sm text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-60 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
