import { mergeAttributes, Node } from '@tiptap/core';

/**
 * An inline image `![alt](src "title")`. An atom, like a citation chip: one
 * editor position that writes its whole Markdown form, so an offset can never
 * land inside it and its source is never retyped by accident.
 */
export const CanvasImage = Node.create({
  name: 'image',
  group: 'inline',
  inline: true,
  atom: true,
  draggable: false,

  addAttributes() {
    return {
      src: { default: '' },
      alt: { default: '' },
      title: { default: null },
    };
  },

  parseHTML() {
    // Pasted images inlined as data: URLs (Word, screenshots) would put
    // megabytes into the section's text: only linked images are kept.
    return [
      { tag: 'img[src]', getAttrs: (element) => (/^(https?:|\/|\.|[^:]*$)/i.test(element.getAttribute('src') ?? '') ? null : false) },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes, { loading: 'lazy' })];
  },

  renderText({ node }) {
    return String(node.attrs.alt ?? '');
  },
});
