'use client';

import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react';

/** The space between two messages (the short list's gap-6). */
export const MESSAGE_GAP_PX = 24;
/** A message not measured yet, when none has been: about an answer of a few paragraphs. */
const ESTIMATED_PX = 240;
/** Messages rendered beyond the view on each side, so a quick scroll does not show blank space. */
const OVERSCAN = 6;
/** The newest messages stay rendered wherever the person is: the answer being written, Stop, Continue, Edit live there. */
export const ALWAYS_RENDERED = 30;

/**
 * A long conversation holds only the messages near the view (and the newest
 * ones) in the page: a chat read back through thousands of messages stays as
 * light to scroll as a short one. Heights are measured as messages render;
 * `knownHeights` are those the short list measured before the conversation
 * grew long, so the switch to this list keeps the place the person was reading.
 */
export function VirtualMessages({
  ids,
  scrollRef,
  knownHeights,
  render,
}: {
  ids: string[];
  scrollRef: RefObject<HTMLElement | null>;
  knownHeights: ReadonlyMap<string, number>;
  render: (id: string) => ReactNode;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  // where the list starts inside the scrolling element (the "earlier messages" button sits above it)
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    const scroller = scrollRef.current;
    if (!list || !scroller) return;
    const top = list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    if (Math.abs(top - margin) > 0.5) setMargin(top);
  });
  const count = ids.length;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const near = defaultRangeExtractor(range);
      const newest = Array.from({ length: Math.min(ALWAYS_RENDERED, count) }, (_, i) => count - Math.min(ALWAYS_RENDERED, count) + i);
      return [...new Set([...near, ...newest])].sort((a, b) => a - b);
    },
    [count],
  );
  // a page read in above has not been measured: the conversation's own average is the closer guess
  let total = 0;
  for (const height of knownHeights.values()) total += height;
  const typical = knownHeights.size > 0 ? total / knownHeights.size : ESTIMATED_PX;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => knownHeights.get(ids[index]!) ?? typical,
    getItemKey: (index) => ids[index]!,
    overscan: OVERSCAN,
    scrollMargin: margin,
    rangeExtractor,
  });
  return (
    <div ref={listRef} className="relative w-full" style={{ height: virtualizer.getTotalSize() }} data-testid="virtual-messages">
      {virtualizer.getVirtualItems().map((item) => (
        <div
          key={item.key}
          ref={virtualizer.measureElement}
          data-index={item.index}
          className="absolute top-0 left-0 w-full"
          style={{ transform: `translateY(${item.start - margin}px)`, paddingBottom: MESSAGE_GAP_PX }}
        >
          {render(ids[item.index]!)}
        </div>
      ))}
    </div>
  );
}
