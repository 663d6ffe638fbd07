/** The canvas core: one import for the editor component and the server. */
export { canvasExtensions, canvasSchema } from './editor-extensions';
export { Citation } from './citation-node';
export type { ProseMirrorJSON } from './prosemirror-json';
export { parseSection } from './parse-section';
export { canonicalize, serializeSection, serializeWithMap } from './serialize-section';
export { docPosToOffset, offsetToDocPos, type OffsetMap } from './offset-map';
export { rangeToSelection, rangeToSelectionIn, selectionToRange, selectionToRangeIn, type SourceRange } from './selection-range';
export { citationMarkers, missingCitations, spliceRange, validateRange, type RangeErrorCode } from './splice';
export { factCheck, type FactFlag, type FactCheckInput } from './fact-check';
export { cleanPastedHtml, looksLikeMarkdown, markdownSlice } from './paste';
export { codeLanguage, highlightCode } from './code-highlight';
