import { parseSection, type ProseMirrorJSON } from '@/lib/documents/canvas';
import type { CanvasSectionJson, FactFlagJson } from './canvas-types';
import type { PrerenderedSection } from './section-canvas';
import { staticSectionNodes } from './static-section';

/**
 * Parsing a section's Markdown costs about 20 ms per 500 words, far more
 * than drawing it: the schema JSON is kept per section version (a version's
 * text never changes), so a document opens at the price of its changed
 * sections only. Bounded: the oldest entries go first.
 */
const parsed = new Map<string, { body: string; doc: ProseMirrorJSON }>();
const MAX_PARSED = 600;

function parseOnce(id: string, version: number, body: string): ProseMirrorJSON {
  const key = `${id}:${version}`;
  const hit = parsed.get(key);
  if (hit && hit.body === body) return hit.doc;
  const doc = parseSection(body);
  parsed.set(key, { body, doc });
  if (parsed.size > MAX_PARSED) parsed.delete(parsed.keys().next().value as string);
  return doc;
}

/**
 * Each section's static HTML, rendered on the server for the page's first
 * paint: the browser shows the text before any script runs and hydrates it
 * without parsing anything.
 */
export function prerenderSections(sections: CanvasSectionJson[]): Record<string, PrerenderedSection> {
  return Object.fromEntries(
    sections.map((section) => {
      const doc = parseOnce(section.id, section.version, section.body);
      const html = staticSectionNodes(doc, (section.flags as FactFlagJson[] | null) ?? []);
      return [section.id, { version: section.version, body: section.body, html }];
    }),
  );
}
