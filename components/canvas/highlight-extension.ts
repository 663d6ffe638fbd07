import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

/** What a highlighted range means: a rewrite just replaced it, or the fact check flagged it. */
export type HighlightKind = 'rewritten' | 'flagged';

export interface HighlightRange {
  from: number;
  to: number;
  kind: HighlightKind;
}

const key = new PluginKey<DecorationSet>('canvasHighlights');

type HighlightMeta = { set: HighlightRange[] } | { clear: HighlightKind };

function decorate(state: EditorState, ranges: HighlightRange[], existing: DecorationSet): DecorationSet {
  const size = state.doc.content.size;
  const decorations = ranges
    .filter((range) => range.from < range.to && range.to <= size)
    .map((range) =>
      Decoration.inline(range.from, range.to, { class: `canvas-${range.kind}`, 'data-highlight': range.kind }, { kind: range.kind }),
    );
  return existing.add(state.doc, decorations);
}

/**
 * Transient highlights over the editor's text (decorations, never marks: they
 * are not part of the document and never reach the saved Markdown). They map
 * through edits, so typing next to a highlight does not shift it.
 */
export const CanvasHighlights = Extension.create({
  name: 'canvasHighlights',
  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: () => DecorationSet.empty,
          apply(tr: Transaction, set: DecorationSet, _old: EditorState, state: EditorState) {
            let next = set.map(tr.mapping, tr.doc);
            const meta = tr.getMeta(key) as HighlightMeta | undefined;
            if (meta && 'clear' in meta) next = next.remove(next.find(undefined, undefined, (spec) => spec.kind === meta.clear));
            if (meta && 'set' in meta) next = decorate(state, meta.set, next);
            return next;
          },
        },
        props: { decorations: (state) => key.getState(state) },
      }),
    ];
  },
});

export function setHighlights(tr: Transaction, ranges: HighlightRange[]): Transaction {
  return tr.setMeta(key, { set: ranges } satisfies HighlightMeta);
}

export function clearHighlights(tr: Transaction, kind: HighlightKind): Transaction {
  return tr.setMeta(key, { clear: kind } satisfies HighlightMeta);
}
