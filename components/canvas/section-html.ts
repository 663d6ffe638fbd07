'use client';

import { useMemo } from 'react';
import type { FactFlagJson, SectionSnapshot } from './canvas-types';
import { useEditorKit } from './load-editor-kit';

/** A section's static HTML as the server rendered it, with the text and version it was rendered from. */
export interface PrerenderedSection {
  version: number;
  body: string;
  html: string;
}

/** The text a section shows without an editor: its snapshot, the server's rendering of it if any, the flags that apply to it. */
export interface SectionText {
  snapshot: SectionSnapshot;
  prerendered?: PrerenderedSection;
  flags: FactFlagJson[];
}

/**
 * The static HTML of a section's text: the server's while it is the text on
 * screen, else drawn here. Drawing needs the editor kit (the Markdown parser):
 * a newer text that arrives before the kit has loaded shows once it has (it
 * loads as the page opens). Only the components that draw text subscribe to
 * the kit, so its arrival re-renders them, not whole sections.
 */
export function useSectionHtml({ snapshot, prerendered, flags }: SectionText): { html: string; kitLoaded: boolean } {
  const kit = useEditorKit();
  const html = useMemo(() => {
    if (prerendered && prerendered.version === snapshot.version && prerendered.body === snapshot.body) return prerendered.html;
    return kit ? kit.staticSectionHtml(kit.parseSection(snapshot.body), flags) : (prerendered?.html ?? '');
  }, [kit, prerendered, snapshot, flags]);
  return { html, kitLoaded: kit !== null };
}
