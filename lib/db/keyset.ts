import { Prisma } from '@/lib/generated/prisma/client';

/**
 * Keyset paging, newest first: a page is the rows that sort after the last one
 * the reader saw, by `(sortKey DESC, id DESC)`. Rows added while someone pages
 * land before their position, so no row is repeated or skipped (OFFSET would
 * shift every later page by the rows inserted above it); and a page costs one
 * index range scan however deep it is.
 */
export interface Keyset {
  at: Date;
  id: string;
  /**
   * The page runs the other way from this row, oldest first: only a list read
   * in both directions (a chat's messages, opened around a message far back)
   * honours it; every other list reads newest first.
   */
  newer?: boolean;
}

export interface PageRequest {
  /** the last row of the previous page; absent for the first page */
  after?: Keyset;
  limit: number;
}

export interface Page<T> {
  items: T[];
  /** where the next page starts; null on the last page */
  next: Keyset | null;
}

/** One row more than the page is read, so the reader knows whether another page follows. */
export function takeOneMore(page: PageRequest): number {
  return page.limit + 1;
}

/** Prisma's `where` for the rows after `after` in `(field DESC, id DESC)` order (spread it into the query's `where`). */
export function keysetWhere<F extends string>(
  field: F,
  after: Keyset | undefined,
): { OR?: Array<Record<F, { lt: Date } | Date> & { id?: { lt: string } }> } {
  if (!after) return {};
  const before = { [field]: { lt: after.at } } as Record<F, { lt: Date }>;
  const tie = { [field]: after.at, id: { lt: after.id } } as Record<F, Date> & { id: { lt: string } };
  return { OR: [before, tie] };
}

/** Prisma's `where` for the rows after `from` in `(field ASC, id ASC)` order: the page after it, going forward in time. */
export function keysetWhereNewer<F extends string>(
  field: F,
  from: Keyset,
): { OR: Array<Record<F, { gt: Date } | Date> & { id?: { gt: string } }> } {
  const after = { [field]: { gt: from.at } } as Record<F, { gt: Date }>;
  const tie = { [field]: from.at, id: { gt: from.id } } as Record<F, Date> & { id: { gt: string } };
  return { OR: [after, tie] };
}

/** The same condition for a raw statement: `(column, idColumn) < (at, id)`. */
export function keysetSql(column: Prisma.Sql, idColumn: Prisma.Sql, after: Keyset | undefined): Prisma.Sql {
  return after ? Prisma.sql`(${column}, ${idColumn}) < (${after.at}, ${after.id})` : Prisma.sql`TRUE`;
}

/** The page out of rows read with `takeOneMore`, in `(sortKey DESC, id DESC)` order. */
export function toPage<T>(rows: T[], page: PageRequest, keyOf: (row: T) => Keyset): Page<T> {
  if (rows.length <= page.limit) return { items: rows, next: null };
  const items = rows.slice(0, page.limit);
  return { items, next: keyOf(items[items.length - 1]!) };
}

export function mapPage<T, U>(page: Page<T>, map: (item: T) => U): Page<U> {
  return { items: page.items.map(map), next: page.next };
}
