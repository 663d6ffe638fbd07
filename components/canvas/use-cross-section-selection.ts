'use client';

import { useEffect, useState, type RefObject } from 'react';

/**
 * True while the page's text selection reaches from one section into another.
 * A rewrite range lives inside one section's text, so such a selection is
 * refused (each editor hides its toolbar) and the page says why.
 */
export function useCrossSectionSelection(root: RefObject<HTMLElement | null>): boolean {
  const [crossing, setCrossing] = useState(false);
  useEffect(() => {
    const check = () => {
      const selection = window.getSelection();
      const container = root.current;
      if (!selection || selection.isCollapsed || !container) return setCrossing(false);
      const sectionOf = (node: Node | null) => (node instanceof Element ? node : node?.parentElement)?.closest('[data-section-id]') ?? null;
      const anchor = sectionOf(selection.anchorNode);
      const focus = sectionOf(selection.focusNode);
      const inside = container.contains(selection.anchorNode) || container.contains(selection.focusNode);
      setCrossing(inside && anchor !== focus && (anchor !== null || focus !== null));
    };
    document.addEventListener('selectionchange', check);
    return () => document.removeEventListener('selectionchange', check);
  }, [root]);
  return crossing;
}
