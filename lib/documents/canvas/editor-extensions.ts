import { getSchema, type Extensions } from '@tiptap/core';
import { Code } from '@tiptap/extension-code';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';

import { Citation } from './citation-node';
import { CanvasCodeBlock } from './code-block-node';
import { CanvasImage } from './image-node';

/**
 * The one extension list shared by the TipTap editor and the server, so the
 * schema the serializer walks is exactly the schema the person edits.
 * Everything outside the canonical Markdown subset is switched off: a node the
 * serializer cannot write would be lost on save.
 */
export const canvasExtensions: Extensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4, 5, 6] },
    code: false,
    codeBlock: false,
    underline: false,
    // A hard break has no canonical form (soft breaks become spaces).
    hardBreak: false,
    // The trailing empty paragraph would make the editor's document differ
    // from parseSection(body); the editor component may add it back on its own.
    trailingNode: false,
    link: { openOnClick: false, autolink: true, linkOnPaste: true },
  }),
  TableKit.configure({ table: { resizable: false } }),
  // Markdown puts code inside bold or a link (`**`x`**`, `[`x`](url)`): the mark excludes none.
  Code.extend({ excludes: '' }),
  CanvasCodeBlock,
  CanvasImage,
  Citation,
];

export const canvasSchema = getSchema(canvasExtensions);
