'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { DocumentJson } from '@/components/documents/document-types';

type SectionJson = DocumentJson['sections'][number];
type SourceJson = DocumentJson['sources'][number];

interface OpenFootnote {
  sectionId: string;
  n: string;
  /** the chip it belongs to: placed next to it, and the focus goes back to it on Escape */
  chip: Element;
  /** opened by a click or a key: stays until closed; a hover's closes when the pointer leaves */
  pinned: boolean;
  /** opened from the keyboard: the focus moves into the popover */
  byKeyboard: boolean;
}

const WIDTH = 336;
const MARGIN = 8;
const GAP = 6;

/**
 * Where the popover goes: below its chip, or above it when there is no room
 * below (a chip near the bottom of the screen), shifted to stay inside the
 * viewport on both axes and never wider than it (a phone).
 */
export function placePopover(
  chip: { top: number; bottom: number; left: number },
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): { top: number; left: number } {
  const below = chip.bottom + GAP;
  const above = chip.top - GAP - size.height;
  const fitsBelow = below + size.height <= viewport.height - MARGIN;
  const top = fitsBelow || above < MARGIN ? Math.min(below, viewport.height - MARGIN - size.height) : above;
  const left = Math.min(chip.left - 16, viewport.width - size.width - MARGIN);
  return { top: Math.max(MARGIN, top), left: Math.max(MARGIN, left) };
}

/**
 * Hovering, clicking or pressing Enter on a footnote chip `[n]` on the canvas
 * shows what it stands for: the source (a link for a web page), the paragraph
 * or page, the exact sentence the fact was quoted from, and when it was read.
 * Escape closes it and returns to the chip. Listens on its children, so the
 * editors and static sections inside stay as they are.
 */
export function FootnoteSourcePopover({
  sections,
  sources,
  children,
}: {
  sections: SectionJson[];
  sources: SourceJson[];
  children: ReactNode;
}) {
  const t = useTranslations('canvas.footnote');
  const locale = useLocale();
  const [open, setOpen] = useState<OpenFootnote | null>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const popover = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const openNow = useRef<OpenFootnote | null>(null);
  openNow.current = open;
  const close = useCallback((returnFocus: boolean) => {
    const chip = openNow.current?.chip;
    setOpen(null);
    // Back where the keyboard opened it: the chip, or in editable text its editor (the chip still selected; the
    // browser gives focus inside an editing host to the host). Opened by the pointer, the focus never moved, and
    // focusing a static section's chip would mount its editor under the resting pointer, which opens it again.
    if (returnFocus && openNow.current?.byKeyboard && chip instanceof HTMLElement)
      ((chip.closest('[contenteditable="true"]') as HTMLElement | null) ?? chip).focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target?.closest?.('[data-footnote-popover], sup[data-citation]')) close(false);
    };
    const onScroll = (event: Event) => {
      // the popover is placed once, next to its chip: scrolling the page would leave it behind (its own scroll is fine)
      if (!(event.target instanceof Node && popover.current?.contains(event.target))) close(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('scroll', onScroll, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('scroll', onScroll, true);
    };
  }, [open, close]);

  // measured once drawn: its height depends on the quote
  useLayoutEffect(() => {
    if (!open || !popover.current) {
      setPlace(null);
      return;
    }
    const rect = open.chip.getBoundingClientRect();
    const size = popover.current.getBoundingClientRect();
    setPlace(placePopover(rect, size, { width: window.innerWidth, height: window.innerHeight }));
  }, [open]);
  // opened by keyboard, the focus moves in once it is placed (a hidden element takes no focus)
  useEffect(() => {
    if (place && openNow.current?.byKeyboard) popover.current?.focus();
  }, [place]);

  const footnoteAt = (target: EventTarget | null, pinned: boolean, byKeyboard = false): OpenFootnote | null => {
    const chip = (target as Element | null)?.closest?.('sup[data-citation]');
    const sectionId = chip?.closest('[data-section-id]')?.getAttribute('data-section-id');
    if (!chip || !sectionId) return null;
    return { sectionId, n: chip.getAttribute('data-citation') ?? '', chip, pinned, byKeyboard };
  };
  const keepOpen = () => clearTimeout(hideTimer.current);
  const hideSoon = () => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setOpen((current) => (current?.pinned ? current : null)), 200);
  };

  const citation = open ? sections.find((s) => s.id === open.sectionId)?.citations.find((c) => String(c.marker) === open.n) : undefined;
  const source = citation ? sources.find((s) => s.id === citation.sourceId) : undefined;
  return (
    <div
      onClick={(event) => {
        const footnote = footnoteAt(event.target, true);
        if (footnote) setOpen(footnote);
      }}
      onMouseOver={(event) => {
        const footnote = footnoteAt(event.target, false);
        if (!footnote) return;
        keepOpen();
        setOpen((current) => (current?.pinned ? current : footnote));
      }}
      onMouseOut={(event) => {
        if ((event.target as Element).closest?.('sup[data-citation]')) hideSoon();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        // the chip itself (a read-only view's tab stop), or the chip selected in the editable text
        const target = event.target as Element;
        const chip = target.matches('sup[data-citation]') ? target : target.querySelector?.('sup[data-citation].ProseMirror-selectednode');
        const footnote = footnoteAt(chip ?? null, true, true);
        if (!footnote) return;
        event.preventDefault();
        setOpen(footnote);
      }}
    >
      {children}
      {open && (
        <div
          role="dialog"
          aria-label={t('label', { n: open.n })}
          data-footnote-popover=""
          data-testid="footnote-popover"
          tabIndex={-1}
          ref={popover}
          onMouseEnter={keepOpen}
          onMouseLeave={hideSoon}
          onBlur={(event) => {
            // Tab out of the popover closes it: it is not a place to get stuck in
            const next = event.relatedTarget as Node | null;
            if (next && !event.currentTarget.contains(next) && next !== open.chip) close(false);
          }}
          className="fixed z-50 flex flex-col gap-2 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-3 text-sm shadow-lg outline-none dark:border-zinc-700 dark:bg-zinc-900"
          style={{
            top: place?.top ?? 0,
            left: place?.left ?? 0,
            width: `min(${WIDTH}px, calc(100vw - ${2 * MARGIN}px))`,
            maxHeight: `calc(100vh - ${2 * MARGIN}px)`,
            visibility: place ? 'visible' : 'hidden',
          }}
        >
          {citation && source ? (
            <>
              <div className="flex flex-col gap-0.5">
                {source.url ? (
                  <a
                    href={source.url}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="font-medium break-words text-indigo-700 hover:underline dark:text-indigo-300"
                  >
                    {source.title}
                  </a>
                ) : (
                  <span className="font-medium">{source.title}</span>
                )}
                <span className="text-xs text-zinc-500">
                  {t('where', { unit: source.unit, number: citation.number })}
                  {source.url && <> · {t('readOn', { date: new Date(source.readAt).toLocaleDateString(locale) })}</>}
                </span>
              </div>
              <blockquote
                className="border-l-2 border-indigo-300 pl-2 text-zinc-700 italic dark:text-zinc-300"
                data-testid="footnote-quote"
              >
                {citation.quote}
              </blockquote>
              {source.url && <span className="text-xs break-all text-zinc-500">{source.url}</span>}
            </>
          ) : (
            <p className="text-zinc-500">{t('missing')}</p>
          )}
          <button type="button" onClick={() => close(true)} className="self-end text-xs text-zinc-600 hover:underline dark:text-zinc-400">
            {t('close')}
          </button>
        </div>
      )}
    </div>
  );
}
