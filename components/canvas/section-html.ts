'use client';

import { useMemo } from 'react';
import type { ProseMirrorJSON } from '@/lib/documents/canvas/prosemirror-json';
import type { FactFlagJson, SectionSnapshot } from './canvas-types';
import { useEditorKit } from './load-editor-kit';

/** A section's static HTML as the server rendered it, with the text and version it was rendered from. */
export interface PrerenderedSection {
  version: number;
  body: string;
  html: string;
  /** the text parsed, for the sections on the first screens (prerender-sections.ts) */
  doc?: ProseMirrorJSON;
}

/** The server's rendering, if it is of the text on screen. */
function prerenderedFor(snapshot: SectionSnapshot, prerendered: PrerenderedSection | undefined): PrerenderedSection | null {
  return prerendered && prerendered.version === snapshot.version && prerendered.body === snapshot.body ? prerendered : null;
}

/** The server's parse of the text on screen, when it sent one: an editor mounted from it parses nothing. */
export function prerenderedDoc(snapshot: SectionSnapshot, prerendered: PrerenderedSection | undefined): ProseMirrorJSON | undefined {
  return prerenderedFor(snapshot, prerendered)?.doc;
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
    const server = prerenderedFor(snapshot, prerendered);
    if (server) return server.html;
    return kit ? kit.staticSectionHtml(kit.parseSection(snapshot.body), flags) : (prerendered?.html ?? '');
  }, [kit, prerendered, snapshot, flags]);
  return { html, kitLoaded: kit !== null };
}
