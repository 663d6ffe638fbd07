'use client';

import { useTranslations } from 'next-intl';
import { type RefObject, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

export interface MorePages {
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  load: () => Promise<unknown>;
}

/**
 * An edge of a conversation that shows one page of it: above, the earlier
 * messages (a chat opens with its newest page); below, the later ones (a chat
 * opened at a message far back). The next page is read when the edge comes near
 * the view, or when the button is pressed (keyboard, screen readers).
 */
export function MoreMessages({
  edge,
  pages,
  scrollRef,
  auto = true,
}: {
  edge: 'earlier' | 'later';
  pages: MorePages;
  scrollRef: RefObject<HTMLElement | null>;
  /** read on scrolling: only where the view keeps its place as a page goes in above (the chat does; a page that scrolls as a whole does not) */
  auto?: boolean;
}) {
  const t = useTranslations('chat');
  const marker = useRef<HTMLDivElement>(null);
  const { hasMore, loading, load } = pages;
  useEffect(() => {
    const root = scrollRef.current;
    const target = marker.current;
    if (!auto || !root || !target || !hasMore || loading) return;
    // observed again after each page, so a page too short to fill the screen is followed by the next
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void load();
      },
      { root, rootMargin: edge === 'earlier' ? '600px 0px 0px 0px' : '0px 0px 600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [auto, edge, hasMore, loading, load, scrollRef]);
  if (!hasMore && !pages.error) return null;
  return (
    <div
      ref={marker}
      className={`flex flex-col items-center gap-1 ${edge === 'earlier' ? 'pt-4' : 'pb-4'}`}
      data-testid={edge === 'earlier' ? 'earlier-messages' : 'later-messages'}
    >
      {pages.error && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {pages.error}
        </p>
      )}
      {hasMore && (
        <Button size="sm" variant="ghost" onClick={() => void load()} disabled={loading} aria-busy={loading}>
          {loading ? t(edge === 'earlier' ? 'loadingEarlier' : 'loadingLater') : t(edge === 'earlier' ? 'showEarlier' : 'showLater')}
        </Button>
      )}
    </div>
  );
}
