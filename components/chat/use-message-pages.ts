'use client';

import { type RefObject, useCallback, useRef, useState } from 'react';
import type { ChatJson, ChatMessageJson } from '@/components/api/api-types';
import { fetchPage } from '@/components/api/fetch-page';
import { appendNewerPage, prependOlderPage } from './chat-history';
import type { MorePages } from './more-messages';

type Edge = 'earlier' | 'later';
interface Reading {
  loading: boolean;
  error: string | null;
}
const IDLE: Reading = { loading: false, error: null };

/**
 * Reads a conversation's pages beyond the one it opened with: earlier ones
 * (`olderPage`) as the person scrolls up, later ones (`newerPage`, when it
 * opened far back) as they scroll down. `show` gets the view with the page in
 * place and the messages the page added; each load resolves to how many.
 */
export function useMessagePages(
  view: RefObject<ChatJson>,
  show: (next: ChatJson, added: ChatMessageJson[], edge: Edge) => void,
): Record<Edge, MorePages> {
  const [reading, setReading] = useState<Record<Edge, Reading>>({ earlier: IDLE, later: IDLE });
  const busy = useRef<Record<Edge, boolean>>({ earlier: false, later: false });
  const load = useCallback(
    async (edge: Edge): Promise<number> => {
      const current = view.current;
      const url = edge === 'earlier' ? current.olderPage : current.newerPage;
      if (!url || busy.current[edge]) return 0;
      busy.current[edge] = true;
      setReading((r) => ({ ...r, [edge]: { loading: true, error: null } }));
      try {
        const page = await fetchPage<ChatMessageJson>(url);
        const next = edge === 'earlier' ? prependOlderPage(view.current, page) : appendNewerPage(view.current, page);
        const count = next.messages.length - view.current.messages.length;
        const added = edge === 'earlier' ? next.messages.slice(0, count) : next.messages.slice(next.messages.length - count);
        show(next, added, edge);
        setReading((r) => ({ ...r, [edge]: IDLE }));
        return count;
      } catch (error) {
        setReading((r) => ({ ...r, [edge]: { loading: false, error: error instanceof Error ? error.message : String(error) } }));
        return 0;
      } finally {
        busy.current[edge] = false;
      }
    },
    [show, view],
  );
  const loadEarlier = useCallback(() => load('earlier'), [load]);
  const loadLater = useCallback(() => load('later'), [load]);
  return {
    earlier: { ...reading.earlier, hasMore: view.current.olderPage !== null, load: loadEarlier },
    later: { ...reading.later, hasMore: view.current.newerPage !== null, load: loadLater },
  };
}
