/** One list of ledger lines as read so far: newest first, and whether older pages follow. */
export interface LinesRead {
  items: ReadonlyArray<{ createdAt: string }> | null;
  hasMore: boolean;
}

/**
 * Entries and top-ups are two lists, each read a page at a time, shown as one
 * table by time. A list with pages still to read is known only down to its
 * oldest row read: the other list's lines older than that wait, or the table
 * would show a gap of lines not yet read. This is where the table stops
 * (null: nowhere, every list is read to its end), and the lists to read next
 * are the ones that stop it there.
 */
export function linesShownSince(lists: ReadonlyArray<LinesRead>): string | null {
  let since: string | null = null;
  for (const list of lists) {
    const oldest = list.hasMore ? list.items?.at(-1)?.createdAt : undefined;
    if (oldest !== undefined && (since === null || oldest > since)) since = oldest;
  }
  return since;
}

/** The lists whose next page moves the table on. */
export function listsToReadNext<L extends LinesRead>(lists: ReadonlyArray<L>): L[] {
  const since = linesShownSince(lists);
  return lists.filter((list) => list.hasMore && (since === null || list.items?.at(-1)?.createdAt === since));
}
