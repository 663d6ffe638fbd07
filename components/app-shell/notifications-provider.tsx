'use client';

import { usePathname } from 'next/navigation';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { fetchJson } from '@/components/api/fetch-json';
import { useVisiblePoll } from '@/components/api/use-visible-poll';
import type { unreadCountResponse } from '@/lib/http/api/documents-responses';

/** GET /api/notifications/unread, as the browser receives it. */
export type UnreadCountJson = z.infer<typeof unreadCountResponse>;

/** A new notice (a document shared, a document ready) shows within this long, or at the next navigation. */
const POLL_MS = 30_000;

interface NotificationsState {
  unread: UnreadCountJson;
  /** reads the count again (after the person read or opened something) */
  refresh: () => void;
  markAllRead: () => Promise<void>;
}

const NotificationsContext = createContext<NotificationsState | null>(null);

/**
 * The unread count behind the navigation's bell, one poll for the whole shell
 * (the sidebar and the phone header both show it): read again at each
 * navigation (opening a document reads its notices), when the tab comes back,
 * and every half minute while it is visible.
 */
export function NotificationsProvider({ initial, children }: { initial: UnreadCountJson; children: React.ReactNode }) {
  const [unread, setUnread] = useState(initial);
  const pathname = usePathname();
  const refresh = useCallback(() => {
    fetchJson<UnreadCountJson>('/api/notifications/unread').then(setUnread, (error: unknown) => {
      console.warn('Could not read the unread notifications', error);
    });
  }, []);

  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPath.current) refresh();
  }, [pathname, refresh]);

  useVisiblePoll(refresh, POLL_MS);

  const markAllRead = useCallback(async () => {
    await fetchJson('/api/notifications/read', { method: 'POST' });
    setUnread({ count: 0, capped: false });
  }, []);

  const value = useMemo(() => ({ unread, refresh, markAllRead }), [unread, refresh, markAllRead]);
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export function useNotifications(): NotificationsState {
  const state = useContext(NotificationsContext);
  if (!state) throw new Error('useNotifications needs a NotificationsProvider above it.');
  return state;
}
