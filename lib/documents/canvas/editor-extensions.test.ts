import { describe, expect, it } from 'vitest';

import { canvasSchema } from './editor-extensions';

describe('canvas schema', () => {
  it('has exactly the nodes and marks of the canonical subset', () => {
    expect(Object.keys(canvasSchema.nodes).sort()).toEqual(
      [
        'blockquote',
        'bulletList',
        'citation',
        'codeBlock',
        'doc',
        'heading',
        'horizontalRule',
        'image',
        'listItem',
        'orderedList',
        'paragraph',
        'table',
        'tableCell',
        'tableHeader',
        'tableRow',
        'text',
      ].sort(),
    );
    expect(Object.keys(canvasSchema.marks).sort()).toEqual(['bold', 'code', 'italic', 'link', 'strike']);
  });

  it('renders a citation as a footnote chip', () => {
    const citation = canvasSchema.nodes.citation.create({ n: '3' });
    expect(citation.isAtom && citation.isInline).toBe(true);
    expect(canvasSchema.nodes.citation.spec.toDOM!(citation)).toEqual([
      'sup',
      { 'data-citation': '3', tabindex: '0', role: 'button', 'aria-haspopup': 'dialog' },
      '[3]',
    ]);
  });
});
