import { parseSection, type ProseMirrorJSON } from '@/lib/documents/canvas';
import type { CanvasSectionJson, FactFlagJson } from './canvas-types';
import { leadingSectionIds } from './leading-sections';
import { staticSectionHtml } from './static-section-html';

/** A section's static HTML as the server rendered it, and the version it was rendered from. */
export interface PrerenderedHtml {
  version: number;
  html: string;
  /**
   * The parsed text, for the sections on the first screens only: entering
   * one mounts its editor without parsing Markdown in the browser, which on
   * a freshly opened page (parser code not yet warm) costs 100 ms or more.
   */
  doc?: ProseMirrorJSON;
}

/**
 * Parsing a section's Markdown costs about 20 ms per 500 words, far more
 * than drawing it: the result is kept per section version (a version's text
 * never changes; the flags are checked), so a document opens at the price
 * of its changed sections only. Bounded: the oldest entries go first.
 */
const rendered = new Map<string, { body: string; flags: string; html: string; doc: ProseMirrorJSON }>();
const MAX_RENDERED = 600;

function renderOnce(section: CanvasSectionJson): { html: string; doc: ProseMirrorJSON } {
  const key = `${section.id}:${section.version}`;
  const flags = (section.flags as FactFlagJson[] | null) ?? [];
  const flagsKey = JSON.stringify(flags);
  const hit = rendered.get(key);
  if (hit && hit.body === section.body && hit.flags === flagsKey) return hit;
  const doc = hit?.body === section.body ? hit.doc : parseSection(section.body);
  const entry = { body: section.body, flags: flagsKey, html: staticSectionHtml(doc, flags), doc };
  rendered.delete(key);
  rendered.set(key, entry);
  if (rendered.size > MAX_RENDERED) rendered.delete(rendered.keys().next().value as string);
  return entry;
}

/**
 * Each section's static HTML, rendered on the server for the page's first
 * paint: the browser shows the text before any script runs and hydrates it
 * without parsing anything. The text it was drawn from is not repeated here:
 * it is the page's own section body, which the client already has.
 */
export function prerenderSections(sections: CanvasSectionJson[]): Record<string, PrerenderedHtml> {
  const leading = leadingSectionIds(sections);
  return Object.fromEntries(
    sections.map((section) => {
      const { html, doc } = renderOnce(section);
      return [section.id, leading.has(section.id) ? { version: section.version, html, doc } : { version: section.version, html }];
    }),
  );
}
