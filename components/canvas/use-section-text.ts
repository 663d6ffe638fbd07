'use client';

import type { Editor } from '@tiptap/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SourceRange } from '@/lib/documents/canvas';
import type { FactFlagJson, SectionSnapshot } from './canvas-types';
import { requireEditorKit } from './load-editor-kit';

/** How long a rewrite's new text stays highlighted (the status under the section says so only meanwhile). */
export const REWRITTEN_HIGHLIGHT_MS = 4_000;

/**
 * The section's text on this page: the server snapshot the editor stands on
 * (its version is the next write's base) and the editor itself, once mounted.
 */
export function useSectionText(initial: SectionSnapshot) {
  const [snapshot, setSnapshotState] = useState(initial);
  const snapshotRef = useRef(initial);
  const editorRef = useRef<Editor | null>(null);
  const [editor, setEditorState] = useState<Editor | null>(null);
  const fade = useRef<ReturnType<typeof setTimeout> | null>(null);

  const setEditor = useCallback((next: Editor | null, createdFrom: string) => {
    editorRef.current = next;
    setEditorState(next);
    // The editor is created after the render that asked for it; a newer text may have arrived in between.
    if (next && createdFrom !== snapshotRef.current.body)
      next.commands.setContent(requireEditorKit().parseSection(snapshotRef.current.body), { emitUpdate: false });
  }, []);

  const setSnapshot = useCallback((next: SectionSnapshot) => {
    snapshotRef.current = next;
    setSnapshotState(next);
  }, []);

  /** The server's text replaces the editor's; `changed` (offsets into it) is highlighted for a moment. */
  const showServerText = useCallback(
    (next: SectionSnapshot, changed: SourceRange | null) => {
      setSnapshot(next);
      const current = editorRef.current;
      if (!current || current.isDestroyed) return;
      const { parseSection, rangeToSelection, setHighlights, clearHighlights } = requireEditorKit();
      current.commands.setContent(parseSection(next.body), { emitUpdate: false });
      if (!changed || changed.end <= changed.start) return;
      const { from, to } = rangeToSelection(current.state.doc, changed.start, changed.end);
      current.view.dispatch(setHighlights(current.state.tr, [{ from, to, kind: 'rewritten' }]));
      if (fade.current) clearTimeout(fade.current);
      fade.current = setTimeout(() => {
        if (!current.isDestroyed) current.view.dispatch(clearHighlights(current.state.tr, 'rewritten'));
      }, REWRITTEN_HIGHLIGHT_MS);
    },
    [setSnapshot],
  );

  /** The person's text as canonical Markdown (the snapshot's when no editor is mounted). */
  const currentText = useCallback(
    () => (editorRef.current ? requireEditorKit().serializeSection(editorRef.current.state.doc) : snapshotRef.current.body),
    [],
  );

  useEffect(
    () => () => {
      if (fade.current) clearTimeout(fade.current);
    },
    [],
  );

  return { snapshot, snapshotRef, editor, editorRef, setEditor, setSnapshot, showServerText, currentText };
}

/** The fact check's flags (offsets into the body they were computed on) as highlights. */
export function showFlags(editor: Editor, flags: FactFlagJson[]) {
  const { rangeToSelection, setHighlights, clearHighlights } = requireEditorKit();
  let tr = clearHighlights(editor.state.tr, 'flagged');
  editor.view.dispatch(tr);
  if (flags.length === 0) return;
  const ranges = flags.map((flag) => ({ ...rangeToSelection(editor.state.doc, flag.start, flag.end), kind: 'flagged' as const }));
  tr = setHighlights(editor.state.tr, ranges);
  editor.view.dispatch(tr);
}
