'use client';

import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  canvasExtensions,
  cleanPastedHtml,
  looksLikeMarkdown,
  markdownSlice,
  parseSection,
  type ProseMirrorJSON,
} from '@/lib/documents/canvas';
import { NodeSelection, Selection, TextSelection, type EditorState } from '@tiptap/pm/state';
import { CanvasHighlights } from './highlight-extension';
import type { EnterVia, TypedKey } from './static-surface';

const EXTENSIONS = [...canvasExtensions, CanvasHighlights];

export interface LiveEditorEvents {
  /** the person changed the text (never fired for content set by the canvas) */
  onEdit(): void;
  onBlur(): void;
  /** a selection settled or collapsed */
  onSelection(editor: Editor): void;
  /** Mod-Enter: open the rewrite toolbar for the selection */
  onRewriteShortcut(): void;
  onEscape(): boolean;
}

interface LiveEditorProps {
  /** the Markdown the editor starts from */
  initialBody: string;
  /** that Markdown already parsed (the server's, for the first screens' sections): nothing to parse on entering */
  initialDoc?: ProseMirrorJSON;
  editable: boolean;
  /** how the person entered: the caret goes in at once (where they pressed, or at the start), so the next key reaches the editor */
  entry: EnterVia;
  label: string;
  events: LiveEditorEvents;
  /** the editor exists (with the body it was created from: the text may have moved on since) or is gone */
  onEditor(editor: Editor | null, createdFrom: string): void;
}

/**
 * One TipTap editor over one section, on the canvas schema. It is mounted
 * only in the browser, when the person enters the section, and is created
 * in that same render (immediatelyRender): the caller can focus it at once.
 */
export function LiveEditor({ initialBody, initialDoc, editable, entry, label, events, onEditor }: LiveEditorProps) {
  // Handlers are read through a ref: the editor is created once and must see the latest ones.
  const handlers = useRef(events);
  handlers.current = events;
  const createdFrom = useRef(initialBody);
  const [initial] = useState(() => initialDoc ?? parseSection(initialBody));
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initial,
    editable,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'markdown text-[15px] leading-7 min-h-6',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        'data-testid': 'canvas-editor',
      },
      // Clipboard HTML (a browser, Word, Google Docs) goes through the schema's parse rules.
      transformPastedHTML: cleanPastedHtml,
      // Plain text that reads as Markdown (a README, notes, a chat answer) is parsed as Markdown;
      // inside a code block, text stays text.
      handlePaste: (view, event) => {
        const clipboard = event.clipboardData;
        const text = clipboard?.getData('text/plain') ?? '';
        if (!text || clipboard?.getData('text/html') || view.state.selection.$from.parent.type.spec.code) return false;
        if (!looksLikeMarkdown(text)) return false;
        view.dispatch(view.state.tr.replaceSelection(markdownSlice(text, view.state.schema)).scrollIntoView());
        return true;
      },
      handleKeyDown: (view, event) => {
        if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
          handlers.current.onRewriteShortcut();
          return true;
        }
        if (event.key === 'Escape') return handlers.current.onEscape();
        // Enter or Space on a footnote chip opens its source (footnote-source-popover.tsx), never edits the text.
        // In the editable text the chip is reached with the arrow keys (selected as a node): the browser gives
        // focus inside an editing host to the host itself, so the chip's own tab stop serves read-only views.
        if (
          (event.key === 'Enter' || event.key === ' ') &&
          (footnoteChipSelected(view.state) || (event.target as Element | null)?.closest?.('sup[data-citation]'))
        )
          return true;
        const edge = documentEdgeKey(event);
        if (edge) {
          view.dispatch(view.state.tr.setSelection(selectionToEdge(view.state, edge, event.shiftKey)).scrollIntoView());
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ transaction }) => {
      if (transaction.docChanged) handlers.current.onEdit();
    },
    onBlur: () => handlers.current.onBlur(),
    onSelectionUpdate: ({ editor: current }) => handlers.current.onSelection(current),
  });

  // A layout effect runs after EditorContent has put the editor's element in the page, still inside the entering event.
  const firstEntry = useRef<EnterVia | null>(entry);
  useLayoutEffect(() => {
    const how = firstEntry.current;
    firstEntry.current = null;
    if (!how || !editor || editor.isDestroyed) return;
    if (!how.early) return how.kind === 'pointer' ? placeCaretAndFollowDrag(editor, how.x, how.y) : editor.view.focus();
    // entered before the editor's code arrived: the click is long over (no drag to follow), the keys wait to be typed
    if (how.kind === 'pointer') placeCaret(editor, how.x, how.y);
    if (how.early.focus) editor.view.focus();
    typeKeys(editor, how.early.typed);
  }, [editor]);

  useEffect(() => {
    onEditor(editor, createdFrom.current);
    return () => onEditor(null, createdFrom.current);
  }, [editor, onEditor]);

  useEffect(() => {
    if (editor && editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);

  useEffect(() => {
    editor?.view.dom.setAttribute('aria-readonly', String(!editable));
  }, [editor, editable]);

  return <EditorContent editor={editor} />;
}

/** The selection is one footnote chip (arrowed onto, or clicked). */
function footnoteChipSelected(state: EditorState): boolean {
  return state.selection instanceof NodeSelection && state.selection.node.type.name === 'citation';
}

/** Ctrl+Home / Ctrl+End (Cmd on a Mac): the start or end of the section. */
function documentEdgeKey(event: KeyboardEvent): 'start' | 'end' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  return event.key === 'End' ? 'end' : event.key === 'Home' ? 'start' : null;
}

/**
 * The first or last place a caret can stand, found in the document rather than
 * left to the browser: in a section ending in a table the browser's Ctrl+End
 * landed in the table's first header cell. The end of the last cell is the
 * end of the text. With Shift the selection is extended there.
 */
function selectionToEdge(state: EditorState, edge: 'start' | 'end', extend: boolean): Selection {
  const target = edge === 'end' ? Selection.atEnd(state.doc) : Selection.atStart(state.doc);
  return extend ? TextSelection.between(state.selection.$anchor, target.$head) : target;
}

/** Puts the caret at a point of the page (the start when the point is not on the text, e.g. scrolled away); returns its position. */
function placeCaret(editor: Editor, x: number, y: number): number {
  const { view } = editor;
  const at = view.posAtCoords({ left: x, top: y })?.pos ?? 0;
  view.dispatch(view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(at))));
  return at;
}

/** Types keys kept from before the editor existed, as the keyboard would have: text with the marks at the caret, Enter and Backspace through the editor's keymap. */
function typeKeys(editor: Editor, typed: TypedKey[]) {
  let text = '';
  const flush = () => {
    if (text) editor.view.dispatch(editor.state.tr.insertText(text).scrollIntoView());
    text = '';
  };
  for (const key of typed) {
    if ('text' in key) text += key.text;
    else {
      flush();
      editor.commands.keyboardShortcut(key.key);
    }
  }
  flush();
}

/**
 * The press that entered the section went to the static text the editor
 * replaced: put the caret where it landed, and while the button stays down,
 * select as a drag would. Returns the cleanup (the editor may go first).
 */
function placeCaretAndFollowDrag(editor: Editor, x: number, y: number): () => void {
  const { view } = editor;
  const anchor = placeCaret(editor, x, y);
  view.focus();
  const onMove = (event: PointerEvent) => {
    const head = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
    if (head === undefined || view.isDestroyed) return;
    const { doc } = view.state;
    view.dispatch(view.state.tr.setSelection(TextSelection.between(doc.resolve(anchor), doc.resolve(head))));
  };
  const stop = () => {
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', stop);
    window.removeEventListener('pointercancel', stop);
  };
  window.addEventListener('pointermove', onMove);
  window.addEventListener('pointerup', stop);
  window.addEventListener('pointercancel', stop);
  return stop;
}
