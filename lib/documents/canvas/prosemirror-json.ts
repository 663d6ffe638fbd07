import type { JSONContent } from '@tiptap/core';

/** ProseMirror document JSON as TipTap reads and writes it (`editor.getJSON()`). */
export type ProseMirrorJSON = JSONContent;

export type MarkJSON = NonNullable<JSONContent['marks']>[number];
