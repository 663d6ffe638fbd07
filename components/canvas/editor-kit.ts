/**
 * Everything a section needs once a person works in it: TipTap and its
 * ProseMirror schema, the Markdown parser and serializer, lowlight. About
 * half a megabyte of script that neither the first paint nor hydration
 * needs, so the page loads it on its own (load-editor-kit.ts) instead of in
 * its bundle.
 */
export { parseSection, rangeToSelection, selectionToRange, serializeSection } from '@/lib/documents/canvas';
export { clearHighlights, setHighlights } from './highlight-extension';
export { LiveEditor } from './live-editor';
export { staticSectionHtml } from './static-section-html';
