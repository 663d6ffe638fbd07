'use client';

import { useLocale } from 'next-intl';

/**
 * A moment in the browser's own time zone. The server renders it in its zone, so
 * the text may differ once at hydration: that difference is expected, not a bug.
 */
export function LocalTime({ iso, withDate = true }: { iso: string; withDate?: boolean }) {
  const locale = useLocale();
  const date = new Date(iso);
  const text = new Intl.DateTimeFormat(locale, withDate ? { dateStyle: 'medium', timeStyle: 'short' } : { timeStyle: 'short' }).format(
    date,
  );
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {text}
    </time>
  );
}
