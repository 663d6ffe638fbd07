'use client';

import { useEffect, useState, type ReactNode } from 'react';

/** The classes of the editor's own element (ProseMirror adds the first two): the same styles before and after it mounts. */
export const EDITOR_CLASS = 'tiptap ProseMirror markdown text-[15px] leading-7 min-h-6';

export type EnterVia = 'pointer' | 'focus';

interface StaticSurfaceProps {
  label: string;
  editable: boolean;
  /** the person reached for the text: mount the editor now, before the browser places the caret */
  onEnter(via: EnterVia): void;
  children: ReactNode;
}

/**
 * A section's static HTML dressed as its editor: the same wrapper, element,
 * classes and ARIA as TipTap's, so a click, a tab or a screen reader finds
 * a text box, and mounting the editor on it changes nothing on screen. It
 * becomes editable only once the page is interactive, and lets no keystroke
 * through itself: the first pointer press, focus or drag over it hands over
 * to the editor.
 */
export function StaticSurface({ label, editable, onEnter, children }: StaticSurfaceProps) {
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  const enterable = editable && interactive;
  return (
    <div>
      <div
        className={EDITOR_CLASS}
        translate="no"
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        aria-readonly={!editable}
        data-testid="canvas-editor"
        contentEditable={enterable}
        suppressContentEditableWarning
        onPointerDown={enterable ? () => onEnter('pointer') : undefined}
        onFocus={enterable ? () => onEnter('focus') : undefined}
        onDragEnter={enterable ? () => onEnter('pointer') : undefined}
        onBeforeInput={(event) => event.preventDefault()}
      >
        {children}
      </div>
    </div>
  );
}
