'use client';

import { useTranslations } from 'next-intl';
import { memo, Suspense, useRef, useState } from 'react';
import { CanvasStyles } from './canvas-styles';
import type { CanvasRole, CanvasSectionJson } from './canvas-types';
import { LiveSaveBanner } from './live-save-notice';
import { leadingSectionIds } from './leading-sections';
import { EditorKitPreload } from './load-editor-kit';
import { SectionCanvas } from './section-canvas';
import type { PrerenderedSection } from './section-html';
import { useCrossSectionSelection } from './use-cross-section-selection';
import { useLiveSections } from './use-live-sections';

/**
 * A document's sections on the canvas, each its own editor, with the page-wide selection rule and other people's saves as they happen.
 * Memoized: re-rendered while its sections still hydrate, it would hand them new elements, and React would hydrate them all at once.
 */
export const CanvasSections = memo(function CanvasSections({
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
  const live = useLiveSections(documentId, sections, role, onChanged);
  // Decided once per mount: a section moving in or out of a Suspense boundary would lose its state.
  const [hydratedFirst] = useState(() => leadingSectionIds(sections));
  return (
    <div ref={root} className="flex flex-col gap-6" data-testid="canvas">
      <CanvasStyles />
      <EditorKitPreload />
      <LiveSaveBanner save={live.latest} onDismiss={live.dismiss} />
      {role === 'reviewer' && <p className="text-sm text-zinc-500">{t('reviewerNote')}</p>}
      {sections.map((section) => {
        const canvas = (
          <SectionCanvas
            key={section.id}
            section={section}
            role={role}
            onChanged={onChanged}
            prerendered={prerendered?.[section.id]}
            savedBy={live.saves[section.id]?.name ?? null}
          />
        );
        // React hydrates a Suspense boundary after the rest of the page, at idle priority, and at once if it is clicked.
        return hydratedFirst.has(section.id) ? (
          canvas
        ) : (
          <Suspense key={section.id} fallback={null}>
            {canvas}
          </Suspense>
        );
      })}
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
});
