/**
 * The canvas's few rules that utilities cannot express: citation chips,
 * highlights and code colours are drawn inside ProseMirror's DOM (and the static view's),
 * where no className can be passed. The ProseMirror rules TipTap injects with its
 * first editor are here too, so static sections look the same before any editor exists. React hoists and dedupes this sheet.
 */
const CSS = `
.canvas-body sup[data-citation] {
  display: inline-block; margin-left: 0.15em; padding: 0 0.35em; border-radius: 9999px;
  font-size: 0.7em; line-height: 1.5; vertical-align: super; font-weight: 600;
  background: var(--color-indigo-50); color: var(--color-indigo-700);
}
.canvas-body sup[data-citation] { cursor: pointer; }
.canvas-body sup[data-citation]:focus-visible { outline: 2px solid var(--color-indigo-600); outline-offset: 2px; }
.dark .canvas-body sup[data-citation]:focus-visible { outline-color: var(--color-indigo-300); }
.dark .canvas-body sup[data-citation] { background: color-mix(in oklab, var(--color-indigo-900) 60%, transparent); color: var(--color-indigo-300); }
.canvas-body .ProseMirror { outline: none; position: relative; word-wrap: break-word; white-space: pre-wrap; white-space: break-spaces; font-variant-ligatures: none; font-feature-settings: "liga" 0; }
.canvas-body .ProseMirror pre { white-space: pre-wrap; }
.canvas-body .ProseMirror-selectednode { outline: 2px solid var(--color-indigo-400); border-radius: 4px; }
@keyframes quire-canvas-fade { from { background-color: var(--color-amber-200); } to { background-color: transparent; } }
.canvas-body .canvas-rewritten { animation: quire-canvas-fade 4s ease-out forwards; border-radius: 2px; }
.canvas-body .canvas-flagged { background: var(--color-red-100); text-decoration: underline wavy var(--color-red-500); }
.dark .canvas-body .canvas-flagged { background: color-mix(in oklab, var(--color-red-900) 50%, transparent); }
.canvas-body pre code { white-space: pre; tab-size: 4; }
.canvas-body img { display: inline-block; max-width: 100%; height: auto; }
.canvas-body pre {
  margin: 0.75em 0; padding: 0.75rem 2.75rem 0.75rem 1rem; border-radius: 0.5rem; overflow-x: auto;
  font-size: 0.875em; line-height: 1.6;
  border: 1px solid var(--color-zinc-200); background: var(--color-zinc-50); color: var(--color-zinc-800);
}
.dark .canvas-body pre { border-color: var(--color-zinc-800); background: var(--color-zinc-900); color: var(--color-zinc-100); }
/* Light theme: the dark theme's hues a few steps darker, each at least 4.5:1 on the block's background. */
.canvas-body .hljs-comment, .canvas-body .hljs-quote { color: var(--color-zinc-600); font-style: italic; }
.canvas-body .hljs-keyword, .canvas-body .hljs-selector-tag, .canvas-body .hljs-literal, .canvas-body .hljs-meta .hljs-keyword { color: var(--color-violet-700); }
.canvas-body .hljs-string, .canvas-body .hljs-regexp, .canvas-body .hljs-addition, .canvas-body .hljs-meta .hljs-string { color: var(--color-emerald-800); }
.canvas-body .hljs-number, .canvas-body .hljs-symbol, .canvas-body .hljs-bullet { color: var(--color-amber-800); }
.canvas-body .hljs-title, .canvas-body .hljs-section, .canvas-body .hljs-title.function_ { color: var(--color-sky-800); }
.canvas-body .hljs-built_in, .canvas-body .hljs-type, .canvas-body .hljs-class .hljs-title { color: var(--color-cyan-800); }
.canvas-body .hljs-attr, .canvas-body .hljs-attribute, .canvas-body .hljs-variable, .canvas-body .hljs-template-variable, .canvas-body .hljs-params { color: var(--color-orange-800); }
.canvas-body .hljs-meta, .canvas-body .hljs-tag, .canvas-body .hljs-name { color: var(--color-pink-800); }
.canvas-body .hljs-deletion { color: var(--color-red-800); }
.dark .canvas-body .hljs-comment, .dark .canvas-body .hljs-quote { color: var(--color-zinc-400); }
.dark .canvas-body .hljs-keyword, .dark .canvas-body .hljs-selector-tag, .dark .canvas-body .hljs-literal, .dark .canvas-body .hljs-meta .hljs-keyword { color: var(--color-violet-300); }
.dark .canvas-body .hljs-string, .dark .canvas-body .hljs-regexp, .dark .canvas-body .hljs-addition, .dark .canvas-body .hljs-meta .hljs-string { color: var(--color-emerald-300); }
.dark .canvas-body .hljs-number, .dark .canvas-body .hljs-symbol, .dark .canvas-body .hljs-bullet { color: var(--color-amber-300); }
.dark .canvas-body .hljs-title, .dark .canvas-body .hljs-section, .dark .canvas-body .hljs-title.function_ { color: var(--color-sky-300); }
.dark .canvas-body .hljs-built_in, .dark .canvas-body .hljs-type, .dark .canvas-body .hljs-class .hljs-title { color: var(--color-cyan-300); }
.dark .canvas-body .hljs-attr, .dark .canvas-body .hljs-attribute, .dark .canvas-body .hljs-variable, .dark .canvas-body .hljs-template-variable, .dark .canvas-body .hljs-params { color: var(--color-orange-200); }
.dark .canvas-body .hljs-meta, .dark .canvas-body .hljs-tag, .dark .canvas-body .hljs-name { color: var(--color-pink-300); }
.dark .canvas-body .hljs-deletion { color: var(--color-red-300); }
@media (prefers-reduced-motion: reduce) { .canvas-body .canvas-rewritten { animation: none; background: var(--color-amber-100); } }
`;

export function CanvasStyles() {
  return (
    <style href="quire-canvas" precedence="default">
      {CSS}
    </style>
  );
}
