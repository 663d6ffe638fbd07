import { z } from 'zod';
import type { Keyset, Page, PageRequest } from '@/lib/db/keyset';
import { AppError } from '@/lib/errors';

/**
 * Every list of the API pages the same way: `?limit=` (1–200, 50 when absent)
 * rows, newest first, and when more follow a `Link: <…>; rel="next"` header
 * (RFC 8288) whose address, with its opaque `cursor`, is the next page. The body
 * stays the plain JSON array it always was, so a client that reads only the
 * array still gets the newest rows.
 */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export const pageQuery = z.object({
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'Where the page starts: copied from the previous answer\'s `Link: <…>; rel="next"` header.' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .optional()
    .meta({ description: `Rows per page, 1–${MAX_PAGE_SIZE} (${DEFAULT_PAGE_SIZE} when absent).` }),
});

export type PageQuery = z.infer<typeof pageQuery>;

export function encodeCursor(keyset: Keyset): string {
  const key = [keyset.at.toISOString(), keyset.id, ...(keyset.newer ? [1] : [])];
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string): Keyset {
  try {
    const [at, id, newer] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const date = typeof at === 'string' ? new Date(at) : null;
    if (date && !Number.isNaN(date.getTime()) && typeof id === 'string' && id.length > 0 && id.length <= 100)
      return newer === 1 ? { at: date, id, newer: true } : { at: date, id };
  } catch {
    // falls through to the 400 below
  }
  throw new AppError('validation_failed', 'The cursor is not one this server gave out; start again from the first page.');
}

export function pageRequest(query: PageQuery): PageRequest {
  return { after: query.cursor ? decodeCursor(query.cursor) : undefined, limit: query.limit ?? DEFAULT_PAGE_SIZE };
}

/** The address of the page after `page`: the request's own path and query with the new cursor (relative, so a proxy's host is kept). */
export function nextPageUrl(request: Request, next: Keyset): string {
  const url = new URL(request.url);
  url.searchParams.set('cursor', encodeCursor(next));
  return `${url.pathname}?${url.searchParams.toString()}`;
}

/** The address of the page after a first page read on the server (a page rendered with its list), or null. */
export function nextPageHref(path: string, next: Keyset | null, limit = DEFAULT_PAGE_SIZE): string | null {
  return next ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeCursor(next)}&limit=${limit}` : null;
}

/**
 * A view that comes with one page of something longer (a chat's messages): its
 * `older` and `newer` keysets become `olderPage` and `newerPage`, the addresses
 * of the pages before and after it (a list route under `path`), null when
 * nothing is there. A view of the newest messages has no newer page.
 */
export function withMessagePages<T extends { older: Keyset | null; newer: Keyset | null }>(
  view: T,
  path: string,
): Omit<T, 'older' | 'newer'> & { olderPage: string | null; newerPage: string | null } {
  const { older, newer, ...rest } = view;
  return { ...rest, olderPage: nextPageHref(path, older), newerPage: nextPageHref(path, newer) };
}

/** The page as the JSON array, with the `Link` header when another page follows. */
export function pageResponse<T>(request: Request, page: Page<T>): Response {
  return Response.json(page.items, page.next ? { headers: { Link: `<${nextPageUrl(request, page.next)}>; rel="next"` } } : undefined);
}
