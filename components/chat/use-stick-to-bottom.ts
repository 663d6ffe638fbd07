'use client';

import { useCallback, useEffect, useRef } from 'react';

const NEAR_BOTTOM_PX = 96;
/** How long after a wheel, touch, key or scrollbar press a scroll counts as the reader's own. */
const INTENT_MS = 800;
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/**
 * Keeps a scroll container pinned to its end while its content grows (watched
 * with a ResizeObserver, not on every render), unless the reader scrolled up.
 *
 * Only a scroll that follows the reader's own wheel, touch, key or scrollbar
 * press can unpin: the app's own scrolling and layout changes (a long question
 * added, the composer shrinking after Send, a narrow phone viewport) also fire
 * scroll events whose position is briefly far from the end, and reading those
 * as "scrolled up" left the view on the question while the answer streamed below.
 */
export function useStickToBottom<S extends HTMLElement, C extends HTMLElement>({ startPinned = true } = {}) {
  const scrollRef = useRef<S>(null);
  const contentRef = useRef<C>(null);
  // a conversation opened at a message far back starts where that message is, not at the end
  const pinned = useRef(startPinned);
  const intentUntil = useRef(0);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const near = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (near) pinned.current = true;
    else if (performance.now() < intentUntil.current) pinned.current = false;
  }, []);

  /** The reader went up to older messages: content growing above them must not pull the view back down. */
  const unpin = useCallback(() => {
    pinned.current = false;
  }, []);

  const scrollToEnd = useCallback(() => {
    pinned.current = true;
    intentUntil.current = 0;
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  useEffect(() => {
    const el = scrollRef.current;
    const content = contentRef.current;
    if (!el || !content) return;
    const markIntent = () => {
      intentUntil.current = performance.now() + INTENT_MS;
    };
    const onWheel = (event: WheelEvent) => {
      // scrolling down never leaves the end; scrolling up does
      if (event.deltaY < 0) markIntent();
    };
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (SCROLL_KEYS.has(event.key)) markIntent();
    };
    // a press on the container itself (not its content) is a drag of its scrollbar
    const onPointerDown = (event: PointerEvent) => {
      if (event.target === el) markIntent();
    };
    el.addEventListener('wheel', onWheel, { passive: true });
    el.addEventListener('touchmove', markIntent, { passive: true });
    document.addEventListener('keydown', onKey);
    el.addEventListener('pointerdown', onPointerDown);
    // the content growing, and the container itself changing size (the composer
    // shrinking after Send, a phone's keyboard closing), both keep the end in view
    const observer = new ResizeObserver(() => {
      if (pinned.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(content);
    observer.observe(el);
    return () => {
      observer.disconnect();
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('touchmove', markIntent);
      document.removeEventListener('keydown', onKey);
      el.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);

  return { scrollRef, contentRef, onScroll, scrollToEnd, unpin };
}
