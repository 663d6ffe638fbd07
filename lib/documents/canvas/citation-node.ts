import { mergeAttributes, Node } from '@tiptap/core';

/**
 * A footnote chip for the canonical marker `[^n]`. An inline atom, so the
 * editor treats it as one character (nodeSize 1) and a selection can never
 * land inside the marker: the offset map relies on that.
 * `n` is the label as written (a string: labels like `12` or `src3` both occur).
 */
const CHIP_BUTTON = { tabindex: '0', role: 'button', 'aria-haspopup': 'dialog' };

export const Citation = Node.create({
  name: 'citation',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,

  addAttributes() {
    return {
      n: {
        default: '1',
        parseHTML: (element) => element.getAttribute('data-citation') ?? '1',
        renderHTML: (attributes) => ({ 'data-citation': String(attributes.n) }),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'sup[data-citation]' }];
  },

  // A button for the keyboard: Tab reaches the chip, Enter opens its source (components/canvas/footnote-source-popover.tsx).
  renderHTML({ node, HTMLAttributes }) {
    return ['sup', mergeAttributes(HTMLAttributes, CHIP_BUTTON), `[${String(node.attrs.n)}]`];
  },

  // Copying a chip as plain text keeps the marker readable.
  renderText({ node }) {
    return `[^${String(node.attrs.n)}]`;
  },
});
