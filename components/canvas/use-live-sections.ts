'use client';

import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { fetchJson } from '@/components/api/fetch-json';
import type { liveSectionsResponse } from '@/lib/http/api/documents-responses';
import type { CanvasRole, CanvasSectionJson } from './canvas-types';

/** GET /api/documents/:id/live, as the browser receives it. */
type LiveSectionsJson = z.infer<typeof liveSectionsResponse>;

/** Another person's save this page has not shown yet (or has just shown). */
export interface RemoteSave {
  sectionId: string;
  position: number;
  version: number;
  name: string;
}

/**
 * A version poll, not a stream: one tiny request every few seconds passes
 * any proxy, and works whichever process (or the embedded single process)
 * took the save. Paused while the tab is hidden, asked again as it returns.
 */
export const LIVE_POLL_MS = 4_000;

/**
 * Follows other people's saves of an open document, and the viewer's own role
 * (an owner's change reloads the document, so the canvas turns read-only or
 * editable without a reload of the page): when a section moved on
 * under someone else's name (or the pipeline's), the page reloads the
 * document; the sections decide what to do with the newer text. Saves made
 * by this same person elsewhere are left to the conflict dialog, as before:
 * their other tab is theirs to reconcile.
 */
export function useLiveSections(documentId: string, sections: CanvasSectionJson[], role: CanvasRole, reload: () => void) {
  const [saves, setSaves] = useState<Record<string, RemoteSave>>({});
  const [latest, setLatest] = useState<RemoteSave | null>(null);
  const known = useRef(sections);
  known.current = sections;
  const shownRole = useRef(role);
  shownRole.current = role;
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    let polling = false;
    const poll = async () => {
      clearTimeout(timer);
      if (polling || document.visibilityState === 'hidden') return;
      polling = true;
      controller = new AbortController();
      try {
        const { sections: heads, role: nowRole } = await fetchJson<LiveSectionsJson>(`/api/documents/${documentId}/live`, {
          signal: controller.signal,
        });
        // the owner changed this person's role: the page reads the document again, and with it what they may do
        if (nowRole !== shownRole.current) reloadRef.current();
        const shown = new Map(known.current.map((section) => [section.id, section.version]));
        const moved = heads.filter((head) => head.version > (shown.get(head.id) ?? 0) && !head.savedBy?.you);
        if (moved.length > 0) {
          const byPeople = moved
            .filter((head) => head.savedBy)
            .map((head) => ({ sectionId: head.id, position: head.position, version: head.version, name: head.savedBy!.name }));
          if (byPeople.length > 0) {
            setSaves((previous) => ({ ...previous, ...Object.fromEntries(byPeople.map((save) => [save.sectionId, save])) }));
            setLatest(byPeople.at(-1)!);
          }
          reloadRef.current();
        }
      } catch (failure) {
        // a missed poll (offline, rate limit, a restart) is retried on the next tick; the conflict dialog still guards saves
        if (controller.signal.aborted) return;
        console.warn('live document poll failed', failure);
      } finally {
        polling = false;
      }
      timer = setTimeout(poll, LIVE_POLL_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void poll();
    };
    timer = setTimeout(poll, LIVE_POLL_MS);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [documentId]);

  return { saves, latest, dismiss: () => setLatest(null) };
}
