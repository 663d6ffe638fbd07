'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchPage } from '@/components/api/fetch-page';

export interface PagedList<T> {
  items: T[] | null;
  /** another page follows */
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  loadMore: () => Promise<void>;
  /** from the first page again (after a change the list should show) */
  reload: () => Promise<void>;
  setItems: (update: (items: T[]) => T[]) => void;
}

/**
 * A list route read page by page, newest first: the first page at once (or the
 * one the server rendered), the next one when the person asks. Rows already
 * shown are not shown twice if the list changed in between.
 */
export function usePagedList<T>(
  firstUrl: string | null,
  initial?: { items: T[]; next: string | null },
  keyOf: (item: T) => string = byId,
): PagedList<T> {
  const [items, setItemsState] = useState<T[] | null>(initial?.items ?? null);
  const [next, setNext] = useState<string | null>(initial?.next ?? null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);
  // read when a page arrives: a caller's inline keyOf must not make `load` new at every render (the effect
  // below would read the first page again after each one)
  const key = useRef(keyOf);
  useEffect(() => {
    key.current = keyOf;
  }, [keyOf]);

  const load = useCallback(async (url: string, append: boolean) => {
    const mine = ++generation.current;
    setLoading(true);
    setError(null);
    try {
      const page = await fetchPage<T>(url);
      if (mine !== generation.current) return;
      setItemsState((current) => {
        if (!append || !current) return page.items;
        const seen = new Set(current.map(key.current));
        return [...current, ...page.items.filter((item) => !seen.has(key.current(item)))];
      });
      setNext(page.next);
    } catch (failure) {
      if (mine === generation.current) setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  // a list the server rendered: a new render (router.refresh) starts from its first page again
  useEffect(() => {
    if (!initial) return;
    generation.current++;
    setItemsState(initial.items);
    setNext(initial.next);
    setLoading(false);
  }, [initial]);

  // a list read here: from its first page whenever its address changes (a new search), nothing shown meanwhile
  const hasInitial = initial !== undefined;
  useEffect(() => {
    if (hasInitial) return;
    generation.current++;
    setItemsState(null);
    setNext(null);
    if (firstUrl) void load(firstUrl, false);
  }, [firstUrl, hasInitial, load]);

  return {
    items,
    hasMore: next !== null,
    loading,
    error,
    loadMore: async () => {
      if (next && !loading) await load(next, true);
    },
    reload: async () => {
      if (firstUrl) await load(firstUrl, false);
    },
    setItems: (update) => setItemsState((current) => update(current ?? [])),
  };
}

/** The default key of a row: its `id` (rows keyed otherwise pass their own keyOf). */
function byId(item: unknown): string {
  return String((item as { id?: unknown }).id);
}
