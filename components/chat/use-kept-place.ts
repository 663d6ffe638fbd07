'use client';

import { type RefObject, useCallback, useLayoutEffect, useRef } from 'react';

interface Place {
  /** the distance from the end, which a page going in above does not change */
  fromBottom: number;
  /** the first message in view and how far below the top edge it was */
  anchorId: string | null;
  anchorTop: number;
}

/** Frames the anchor is held for while a long list measures the messages coming into view. */
const SETTLE_FRAMES = 30;

/**
 * Keeps what the person is reading where it is while an earlier page goes in
 * above it. `remember` before the page is read; the place is restored when the
 * first message shown changes: first by the distance from the end, then, as a
 * long list measures the messages it renders over the next frames, by holding
 * the first message that was in view at the same height.
 */
export function useKeptPlace(scrollRef: RefObject<HTMLElement | null>, firstShown: string | undefined) {
  const kept = useRef<Place | null>(null);
  const remember = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const top = el.getBoundingClientRect().top;
    const anchor = [...el.querySelectorAll<HTMLElement>('[data-anchor]')].find((m) => m.getBoundingClientRect().bottom > top);
    kept.current = {
      fromBottom: el.scrollHeight - el.scrollTop,
      anchorId: anchor?.dataset.anchor ?? null,
      anchorTop: anchor ? anchor.getBoundingClientRect().top - top : 0,
    };
  }, [scrollRef]);
  // nothing came (the last page, or a failure): nothing to keep
  const forget = useCallback(() => {
    kept.current = null;
  }, []);

  // applied when the first message shown changes: the messages arrive through useChat's throttled store, a render
  // or more after the view, and a render in between may show them at the end before they take their place
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const place = kept.current;
    if (!el || !place || !firstShown) return;
    kept.current = null;
    el.scrollTop = el.scrollHeight - place.fromBottom;
    const { anchorId } = place;
    if (!anchorId) return;
    let frames = 0;
    let stable = 0;
    let request = 0;
    const hold = () => {
      const anchor = el.querySelector<HTMLElement>(`[data-anchor="${CSS.escape(anchorId)}"]`);
      if (anchor) {
        const drift = anchor.getBoundingClientRect().top - el.getBoundingClientRect().top - place.anchorTop;
        if (Math.abs(drift) > 1) {
          el.scrollTop += drift;
          stable = 0;
        } else stable++;
      }
      if (stable < 3 && ++frames < SETTLE_FRAMES) request = requestAnimationFrame(hold);
    };
    hold();
    return () => cancelAnimationFrame(request);
  }, [firstShown, scrollRef]);

  return { remember, forget };
}
