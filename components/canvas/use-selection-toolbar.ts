'use client';

import type { Editor } from '@tiptap/react';
import { useCallback, useRef, useState, type RefObject } from 'react';
import type { SourceRange } from '@/lib/documents/canvas';
import { requireEditorKit } from './load-editor-kit';

export interface ToolbarState {
  range: SourceRange;
  position: { top: number; left: number };
  autoFocus: boolean;
}

const TOOLBAR_WIDTH = 480;

/**
 * Watches one editor's selection and places the rewrite toolbar under it.
 * The range is computed over the canonical text (snapped, never cutting
 * markup) as soon as the selection settles, so the request carries exactly
 * what the person saw selected. A DOM selection reaching outside this editor
 * (into another section) gets no toolbar; the page explains why.
 */
export function useSelectionToolbar(body: RefObject<HTMLElement | null>, enabled: boolean) {
  const [toolbar, setToolbar] = useState<ToolbarState | null>(null);
  const frame = useRef<number | null>(null);

  const compute = useCallback(
    (editor: Editor, autoFocus: boolean) => {
      const { from, to } = editor.state.selection;
      const container = body.current;
      if (!enabled || !container || from === to || !selectionStaysIn(editor.view.dom)) return setToolbar(null);
      const range = requireEditorKit().selectionToRange(editor.state.doc, from, to);
      if (range.start === range.end) return setToolbar(null);
      const end = editor.view.coordsAtPos(to);
      const start = editor.view.coordsAtPos(from);
      const box = container.getBoundingClientRect();
      const width = Math.min(TOOLBAR_WIDTH, box.width);
      const left = Math.max(0, Math.min(Math.min(start.left, end.left) - box.left, box.width - width));
      setToolbar({ range, position: { top: end.bottom - box.top + 8, left }, autoFocus });
    },
    [body, enabled],
  );

  const onSelection = useCallback(
    (editor: Editor) => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = requestAnimationFrame(() => {
        frame.current = null;
        compute(editor, false);
      });
    },
    [compute],
  );

  const openFromKeyboard = useCallback((editor: Editor) => compute(editor, true), [compute]);
  // a selection change still waiting for its frame must not reopen what the person just closed
  const close = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    setToolbar(null);
  }, []);
  return { toolbar, onSelection, openFromKeyboard, close };
}

function selectionStaysIn(root: HTMLElement): boolean {
  const selection = typeof window === 'undefined' ? null : window.getSelection();
  if (!selection || selection.rangeCount === 0) return true;
  return root.contains(selection.anchorNode) && root.contains(selection.focusNode);
}
