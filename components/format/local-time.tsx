'use client';

import { useLocale } from 'next-intl';
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * A moment in the browser's own time zone. The server cannot know that zone,
 * so it writes UTC, and so does the browser's first (hydrating) render, which
 * must match it; the render right after writes the local time. (Rendering the
 * local time at once and hiding the mismatch left the server's text on a
 * freshly loaded page: React does not repair text it was told to ignore.)
 */
export function LocalTime({ iso, withDate = true }: { iso: string; withDate?: boolean }) {
  const locale = useLocale();
  const local = useSyncExternalStore(subscribe, inBrowser, onServer);
  const text = new Intl.DateTimeFormat(locale, {
    ...(withDate ? { dateStyle: 'medium', timeStyle: 'short' } : { timeStyle: 'short' }),
    ...(local ? {} : { timeZone: 'UTC' }),
  }).format(new Date(iso));
  return <time dateTime={iso}>{text}</time>;
}
