import { tests } from 'commonmark-spec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { staticSectionHtml } from '@/components/canvas/static-section-html';
import { parseSection } from '@/lib/documents/canvas';
import { editorMarkup, staticMarkup } from '@/tests/support/canvas/editor-dom';
import { flaggedDocumentArbitrary } from '@/tests/support/canvas/static-html-arbitraries';

/**
 * The static HTML a section opens with is replaced by the editor when a
 * person enters it: it must be the DOM the editor draws, or the text moves
 * (and its highlights change) under the person's pointer. Compared with the
 * real editor mounted on linkedom, as canonical DOM (editor-dom.ts says what
 * is normalised and why).
 */
describe('a section drawn as static HTML is the DOM the editor draws', () => {
  it('for every CommonMark example', () => {
    const differing = tests
      .map((example) => ({ number: example.number, doc: parseSection(example.markdown) }))
      .filter(({ doc }) => staticMarkup(staticSectionHtml(doc)) !== editorMarkup(doc))
      .map(({ number }) => number);
    expect(differing).toEqual([]);
  }, 120_000);

  it('for any canvas document and any fact-check flags', () => {
    fc.assert(
      fc.property(flaggedDocumentArbitrary, ({ doc, flags }) => {
        expect(staticMarkup(staticSectionHtml(doc, flags))).toBe(editorMarkup(doc, flags));
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('with flags over code, footnote chips, images and marks, overlapping and out of order', () => {
    const body = 'In **2021**[^1] ![chart](c.png) we shipped *4,200 orders*.\n\n```js\nconst orders = 4200; // 2021\n```';
    const at = (text: string, from = 0) => ({ start: body.indexOf(text, from), end: body.indexOf(text, from) + text.length });
    const flags = [at('2021', 60), at('4,200 orders'), at('2021[^1] ![chart](c.png) we'), at('orders = 42'), at('00 or')];
    const html = staticSectionHtml(parseSection(body), flags);
    expect(staticMarkup(html)).toBe(editorMarkup(parseSection(body), flags));
    expect(html).toContain(
      '<sup data-citation="1" tabindex="0" role="button" aria-haspopup="dialog" class="canvas-flagged" data-highlight="flagged">[1]</sup>',
    );
    expect(html).toContain(
      '<span class="hljs-comment">// </span><span class="hljs-comment canvas-flagged" data-highlight="flagged">2021</span>',
    );
  });
});
