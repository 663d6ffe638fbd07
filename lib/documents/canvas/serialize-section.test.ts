import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { documentArbitrary } from '@/tests/support/canvas/canvas-arbitraries';
import { canvasSchema } from './editor-extensions';
import { parseSection } from './parse-section';
import { canonicalize, serializeSection } from './serialize-section';

const CANONICAL = [
  '# Title',
  'Some **bold**, *italic*, ***both*** and [a link](https://example.com/a) with a note[^1].',
  '- one\n- two\n  - nested **bold**\n- three',
  '3. third\n4. fourth\n   1. inner',
  '> quoted\n>\n> second paragraph',
  '| Name | Value |\n| --- | --- |\n| Привет | 1 200[^2] |\n| 你好 😀 |  |',
  '###### Six',
].join('\n\n');

describe('canonical Markdown', () => {
  it('keeps a canonical section byte for byte', () => {
    expect(canonicalize(CANONICAL)).toBe(CANONICAL);
  });

  it('parses citations into chips and tables into header and body cells', () => {
    const doc = canvasSchema.nodeFromJSON(parseSection('A fact[^12].\n\n| h |\n| --- |\n| c |'));
    expect(doc.child(0).child(1).type.name).toBe('citation');
    expect(doc.child(0).child(1).attrs.n).toBe('12');
    expect(doc.child(1).child(0).child(0).type.name).toBe('tableHeader');
    expect(doc.child(1).child(1).child(0).type.name).toBe('tableCell');
  });

  it('keeps citation chips and code as written when the text ends inside an open fence or HTML block', () => {
    // A draft cut off mid code block (or a rewrite that leaves a fence open) still shows its chips,
    // and nothing of how they are recognised shows inside the code.
    expect(parseSection('Fact[^1]\n\n```\ncode')).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Fact' },
            { type: 'citation', attrs: { n: '1' } },
          ],
        },
        { type: 'codeBlock', attrs: { language: null, meta: null }, content: [{ type: 'text', text: 'code' }] },
      ],
    });
    const html = canvasSchema.nodeFromJSON(parseSection('Fact[^1]\n\n<!-- open\nx'));
    expect(html.child(0).child(1).type.name).toBe('citation');
    expect(html.child(1).textContent).toBe('<!-- open\nx');
    const listed = canvasSchema.nodeFromJSON(parseSection('Fact[^1]\n\n- a\n\n  ```\n  code'));
    expect(listed.child(1).child(0).child(1).textContent).toBe('code');
    const indented = canvasSchema.nodeFromJSON(parseSection('    indented[^1]\n\nnext[^1]'));
    expect(indented.child(0).type.name).toBe('codeBlock');
    expect(indented.child(0).textContent).toBe('indented[^1]');
    expect(indented.child(1).child(1).type.name).toBe('citation');
  });

  it('writes model output in canonical form', () => {
    expect(canonicalize('Title\n=====\n\n* a\n* b\n\n\n__strong__ _em_\nnext line')).toBe(
      '# Title\n\n- a\n- b\n\n**strong** *em* next line',
    );
  });

  it('escapes text that would otherwise read as markup', () => {
    const doc = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: '# not a heading, 2*3*4, [x] | y, 1. z, [^1]' }] }],
    };
    const written = serializeSection(doc);
    expect(written).toBe('\\# not a heading, 2\\*3\\*4, \\[x\\] \\| y, 1. z, \\[^1\\]');
    expect(canvasSchema.nodeFromJSON(parseSection(written)).textContent).toBe(doc.content[0].content[0].text);
  });

  it('moves whitespace out of emphasis instead of writing `** a**`', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'x ' },
            { type: 'text', text: ' bold ', marks: [{ type: 'bold' }] },
            { type: 'text', text: 'y' },
          ],
        },
      ],
    };
    expect(serializeSection(doc)).toBe('x  **bold** y');
  });

  it('keeps two adjacent lists apart by switching the marker', () => {
    const list = {
      type: 'bulletList',
      content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a' }] }] }],
    };
    const written = serializeSection({ type: 'doc', content: [list, list] });
    expect(written).toBe('- a\n\n* a');
    expect(canvasSchema.nodeFromJSON(parseSection(written)).childCount).toBe(2);
  });

  it('is idempotent: whatever the editor holds, its serialization is canonical', () => {
    fc.assert(
      fc.property(documentArbitrary, (doc) => {
        const written = serializeSection(doc);
        expect(canonicalize(written)).toBe(written);
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('parses back to the same document once canonical', () => {
    fc.assert(
      fc.property(documentArbitrary, (doc) => {
        const canonical = canvasSchema.nodeFromJSON(parseSection(serializeSection(doc)));
        const again = canvasSchema.nodeFromJSON(parseSection(serializeSection(canonical)));
        expect(again.eq(canonical)).toBe(true);
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
