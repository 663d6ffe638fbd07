import { parseSection } from '@/lib/documents/canvas';
import type { CanvasSectionJson, FactFlagJson } from './canvas-types';
import { staticSectionHtml } from './static-section-html';

/** A section's static HTML as the server rendered it, and the version it was rendered from. */
export interface PrerenderedHtml {
  version: number;
  html: string;
}

/**
 * Parsing a section's Markdown costs about 20 ms per 500 words, far more
 * than drawing it: the HTML is kept per section version (a version's text
 * never changes; the flags are checked), so a document opens at the price
 * of its changed sections only. Bounded: the oldest entries go first.
 */
const rendered = new Map<string, { body: string; flags: string; html: string }>();
const MAX_RENDERED = 600;

function renderOnce(section: CanvasSectionJson): string {
  const key = `${section.id}:${section.version}`;
  const flags = (section.flags as FactFlagJson[] | null) ?? [];
  const flagsKey = JSON.stringify(flags);
  const hit = rendered.get(key);
  if (hit && hit.body === section.body && hit.flags === flagsKey) return hit.html;
  const html = staticSectionHtml(parseSection(section.body), flags);
  rendered.delete(key);
  rendered.set(key, { body: section.body, flags: flagsKey, html });
  if (rendered.size > MAX_RENDERED) rendered.delete(rendered.keys().next().value as string);
  return html;
}

/**
 * Each section's static HTML, rendered on the server for the page's first
 * paint: the browser shows the text before any script runs and hydrates it
 * without parsing anything. The text it was drawn from is not repeated here:
 * it is the page's own section body, which the client already has.
 */
export function prerenderSections(sections: CanvasSectionJson[]): Record<string, PrerenderedHtml> {
  return Object.fromEntries(sections.map((section) => [section.id, { version: section.version, html: renderOnce(section) }]));
}
