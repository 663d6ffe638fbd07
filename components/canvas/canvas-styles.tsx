/**
 * The canvas's few rules that utilities cannot express: citation chips and
 * highlights are drawn inside ProseMirror's DOM (and the static view's),
 * where no className can be passed. React hoists and dedupes this sheet.
 */
const CSS = `
.canvas-body sup[data-citation] {
  display: inline-block; margin-left: 0.15em; padding: 0 0.35em; border-radius: 9999px;
  font-size: 0.7em; line-height: 1.5; vertical-align: super; font-weight: 600;
  background: var(--color-indigo-50); color: var(--color-indigo-700);
}
.dark .canvas-body sup[data-citation] { background: color-mix(in oklab, var(--color-indigo-900) 60%, transparent); color: var(--color-indigo-300); }
.canvas-body .ProseMirror { outline: none; white-space: pre-wrap; }
.canvas-body .ProseMirror-selectednode { outline: 2px solid var(--color-indigo-400); border-radius: 4px; }
@keyframes quire-canvas-fade { from { background-color: var(--color-amber-200); } to { background-color: transparent; } }
.canvas-body .canvas-rewritten { animation: quire-canvas-fade 4s ease-out forwards; border-radius: 2px; }
.canvas-body .canvas-flagged { background: var(--color-red-100); text-decoration: underline wavy var(--color-red-500); }
.dark .canvas-body .canvas-flagged { background: color-mix(in oklab, var(--color-red-900) 50%, transparent); }
@media (prefers-reduced-motion: reduce) { .canvas-body .canvas-rewritten { animation: none; background: var(--color-amber-100); } }
`;

export function CanvasStyles() {
  return (
    <style href="quire-canvas" precedence="default">
      {CSS}
    </style>
  );
}
