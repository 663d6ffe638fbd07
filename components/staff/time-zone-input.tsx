'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const noZone = () => null;

/**
 * Sends the browser's time zone with a filter form, so its From and To days
 * are the person's own (components/staff/list-filter.ts). Rendered on the
 * server it is absent: a form sent without script filters by UTC days.
 */
export function TimeZoneInput() {
  const zone = useSyncExternalStore(subscribe, browserZone, noZone);
  return zone ? <input type="hidden" name="tz" value={zone} /> : null;
}
