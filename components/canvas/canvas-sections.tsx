'use client';

import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { CanvasStyles } from './canvas-styles';
import type { CanvasRole, CanvasSectionJson } from './canvas-types';
import { LiveSaveBanner } from './live-save-notice';
import { preloadEditorKit } from './load-editor-kit';
import { SectionCanvas, type PrerenderedSection } from './section-canvas';
import { useCrossSectionSelection } from './use-cross-section-selection';
import { useLiveSections } from './use-live-sections';

// The editor's code is not in the page's bundle: it starts loading with the page's script, beside hydration.
preloadEditorKit();

/** A document's sections on the canvas, each its own editor, with the page-wide selection rule and other people's saves as they happen. */
export function CanvasSections({
  documentId,
  sections,
  role,
  onChanged,
  prerendered,
}: {
  documentId: string;
  sections: CanvasSectionJson[];
  role: CanvasRole;
  /** reloads the document (after a write here, or someone else's) */
  onChanged: () => void;
  prerendered?: Record<string, PrerenderedSection>;
}) {
  const t = useTranslations('canvas');
  const root = useRef<HTMLDivElement>(null);
  const crossing = useCrossSectionSelection(root);
  const live = useLiveSections(documentId, sections, onChanged);
  return (
    <div ref={root} className="flex flex-col gap-6" data-testid="canvas">
      <CanvasStyles />
      <LiveSaveBanner save={live.latest} onDismiss={live.dismiss} />
      {role === 'reviewer' && <p className="text-sm text-zinc-500">{t('reviewerNote')}</p>}
      {sections.map((section) => (
        <SectionCanvas
          key={section.id}
          section={section}
          role={role}
          onChanged={onChanged}
          prerendered={prerendered?.[section.id]}
          savedBy={live.saves[section.id]?.name ?? null}
        />
      ))}
      <div aria-live="assertive" className="pointer-events-none fixed inset-x-0 bottom-6 z-40 flex justify-center px-4">
        {crossing && (
          <p
            role="alert"
            data-testid="cross-section-notice"
            className="pointer-events-auto max-w-lg rounded-lg bg-zinc-900 px-4 py-2.5 text-sm text-white shadow-lg dark:bg-zinc-100 dark:text-zinc-900"
          >
            {t('crossSection')}
          </p>
        )}
      </div>
    </div>
  );
}
