import { parseApiError } from './fetch-json';

/** One page of a list route: its rows and the address of the next page (`Link: <…>; rel="next"`), null on the last. */
export interface FetchedPage<T> {
  items: T[];
  next: string | null;
}

/** The `rel="next"` target of a Link header (RFC 8288), or null. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match && /;\s*rel="?([^";]*\s)?next(\s[^";]*)?"?(\s*;|\s*$)/i.test(match[2]!)) return match[1]!;
  }
  return null;
}

export async function fetchPage<T>(url: string, init: { signal?: AbortSignal } = {}): Promise<FetchedPage<T>> {
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store', signal: init.signal });
  const text = await response.text();
  if (!response.ok) throw parseApiError(response.status, text, response.headers.get('retry-after'));
  return { items: JSON.parse(text) as T[], next: nextLink(response.headers.get('link')) };
}
