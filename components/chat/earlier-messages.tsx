'use client';

import { useTranslations } from 'next-intl';
import { type RefObject, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

export interface OlderMessages {
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  load: () => Promise<unknown>;
}

/**
 * The top of a conversation that opened with its newest page: the page before
 * is read when this comes near the view (scrolling up), or when the button is
 * pressed (keyboard, screen readers).
 */
export function EarlierMessages({
  older,
  scrollRef,
  auto = true,
}: {
  older: OlderMessages;
  scrollRef: RefObject<HTMLElement | null>;
  /** read on scrolling up: only where the view keeps its place as a page goes in above (the chat does; a page that scrolls as a whole does not) */
  auto?: boolean;
}) {
  const t = useTranslations('chat');
  const marker = useRef<HTMLDivElement>(null);
  const { hasMore, loading, load } = older;
  useEffect(() => {
    const root = scrollRef.current;
    const target = marker.current;
    if (!auto || !root || !target || !hasMore || loading) return;
    // observed again after each page, so a page too short to fill the screen is followed by the next
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void load();
      },
      { root, rootMargin: '600px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [auto, hasMore, loading, load, scrollRef]);
  if (!hasMore && !older.error) return null;
  return (
    <div ref={marker} className="flex flex-col items-center gap-1 pt-4" data-testid="earlier-messages">
      {older.error && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {older.error}
        </p>
      )}
      {hasMore && (
        <Button size="sm" variant="ghost" onClick={() => void load()} disabled={loading} aria-busy={loading}>
          {loading ? t('loadingEarlier') : t('showEarlier')}
        </Button>
      )}
    </div>
  );
}
