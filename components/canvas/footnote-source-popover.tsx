'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { DocumentJson } from '@/components/documents/document-types';

type SectionJson = DocumentJson['sections'][number];
type SourceJson = DocumentJson['sources'][number];

interface OpenFootnote {
  sectionId: string;
  n: string;
  top: number;
  left: number;
  /** opened by a click: stays until closed; a hover's closes when the pointer leaves */
  pinned: boolean;
}

const WIDTH = 336;

/**
 * Hovering or clicking a footnote chip `[n]` on the canvas shows what it
 * stands for: the source (a link for a web page), the paragraph or page, the
 * exact sentence the fact was quoted from, and when it was read. Listens on
 * its children, so the editors and static sections inside stay as they are.
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
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(null);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target?.closest?.('[data-footnote-popover], sup[data-citation]')) close();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointerDown);
    // the popover is placed once, next to its chip: scrolling would leave it behind
    window.addEventListener('scroll', close, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('scroll', close, true);
    };
  }, [open]);

  const footnoteAt = (target: EventTarget | null, pinned: boolean): OpenFootnote | null => {
    const chip = (target as Element | null)?.closest?.('sup[data-citation]');
    const sectionId = chip?.closest('[data-section-id]')?.getAttribute('data-section-id');
    if (!chip || !sectionId) return null;
    const rect = chip.getBoundingClientRect();
    return {
      sectionId,
      n: chip.getAttribute('data-citation') ?? '',
      top: rect.bottom + 6,
      left: Math.max(8, Math.min(rect.left - 16, window.innerWidth - WIDTH - 8)),
      pinned,
    };
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
    >
      {children}
      {open && (
        <div
          role="dialog"
          aria-label={t('label', { n: open.n })}
          data-footnote-popover=""
          data-testid="footnote-popover"
          onMouseEnter={keepOpen}
          onMouseLeave={hideSoon}
          className="fixed z-50 flex flex-col gap-2 rounded-lg border border-zinc-200 bg-white p-3 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
          style={{ top: open.top, left: open.left, width: WIDTH }}
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
          <button type="button" onClick={() => setOpen(null)} className="self-end text-xs text-zinc-500 hover:underline">
            {t('close')}
          </button>
        </div>
      )}
    </div>
  );
}
