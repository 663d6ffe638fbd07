'use client';

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { fetchJson } from '@/components/api/fetch-json';
import { RESTING_STATUSES, type DocumentJson } from './document-types';

const POLL_MS = 1_500;

/** The document as the server has it now, polled while its job is moving. */
export function useDocument(initial: DocumentJson): { document: DocumentJson; error: string | null; refresh: () => void } {
  const [document, setDocument] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const inFlight = useRef<AbortController | null>(null);
  const refresh = useCallback(() => setTick((n) => n + 1), []);
  // Hydrating, the document is the one the server rendered for this very request: fetching it again would
  // only compete with the page's start (~140 KB for a long document). Mounted on the client (a back or
  // forward navigation restores a cached page), it may be old: it is fetched at once.
  const fromThisResponse = useRef(useSyncExternalStore(noSubscription, isClientMount, isHydrating)).current;

  useEffect(() => {
    if (tick === 0 && fromThisResponse) return;
    const controller = new AbortController();
    inFlight.current?.abort();
    inFlight.current = controller;
    fetchJson<DocumentJson>(`/api/documents/${initial.id}`, { signal: controller.signal }).then(
      (next) => {
        setDocument(next);
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
    return () => controller.abort();
  }, [initial.id, tick, fromThisResponse]);

  const resting = RESTING_STATUSES.includes(document.status);
  useEffect(() => {
    if (resting) return;
    const timer = setTimeout(refresh, POLL_MS);
    return () => clearTimeout(timer);
  }, [resting, document, refresh]);

  return { document, error, refresh };
}

const noSubscription = () => () => {};
const isClientMount = () => false;
const isHydrating = () => true;
