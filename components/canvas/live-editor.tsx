'use client';

import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { canvasExtensions, cleanPastedHtml, looksLikeMarkdown, markdownSlice, type ProseMirrorJSON } from '@/lib/documents/canvas';
import { CanvasHighlights } from './highlight-extension';

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
  initial: ProseMirrorJSON;
  /** the Markdown `initial` was parsed from */
  initialBody: string;
  editable: boolean;
  label: string;
  events: LiveEditorEvents;
  /** the editor exists (with the body it was created from: the text may have moved on since) or is gone */
  onEditor(editor: Editor | null, createdFrom: string): void;
  /** shown until the editor exists (it is created after the first paint) */
  fallback: ReactNode;
}

/** One TipTap editor over one section, on the canvas schema. */
export function LiveEditor({ initial, initialBody, editable, label, events, onEditor, fallback }: LiveEditorProps) {
  // Handlers are read through a ref: the editor is created once and must see the latest ones.
  const handlers = useRef(events);
  handlers.current = events;
  const createdFrom = useRef(initialBody);
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initial,
    editable,
    immediatelyRender: false,
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
      handleKeyDown: (_view, event) => {
        if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
          handlers.current.onRewriteShortcut();
          return true;
        }
        if (event.key === 'Escape') return handlers.current.onEscape();
        return false;
      },
    },
    onUpdate: ({ transaction }) => {
      if (transaction.docChanged) handlers.current.onEdit();
    },
    onBlur: () => handlers.current.onBlur(),
    onSelectionUpdate: ({ editor: current }) => handlers.current.onSelection(current),
  });

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

  return editor ? <EditorContent editor={editor} /> : fallback;
}
