'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
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

  useEffect(() => {
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
  }, [initial.id, tick]);

  const resting = RESTING_STATUSES.includes(document.status);
  useEffect(() => {
    if (resting) return;
    const timer = setTimeout(refresh, POLL_MS);
    return () => clearTimeout(timer);
  }, [resting, document, refresh]);

  return { document, error, refresh };
}
