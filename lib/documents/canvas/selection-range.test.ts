import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { documentArbitrary } from '@/tests/support/canvas/canvas-arbitraries';
import { canvasSchema } from './editor-extensions';
import { parseSection } from './parse-section';
import { rangeToSelection, selectionToRange } from './selection-range';
import { serializeSection, serializeWithMap } from './serialize-section';
import { spliceRange, splitsSurrogatePair } from './splice';

const docOf = (markdown: string) => canvasSchema.nodeFromJSON(parseSection(markdown));

/** Editor positions of a substring of a one-paragraph document's text. */
function select(markdown: string, needle: string) {
  const doc = docOf(markdown);
  const index = doc.textContent.indexOf(needle);
  let from = -1;
  doc.descendants((node, pos) => {
    if (from < 0 && node.isTextblock) from = pos + 1;
  });
  return { doc, from: from + index, to: from + index + needle.length };
}

function rangeText(markdown: string, needle: string) {
  const { doc, from, to } = select(markdown, needle);
  const { start, end } = selectionToRange(doc, from, to);
  return markdown.slice(start, end);
}

describe('selectionToRange', () => {
  it('includes the ** of a bold span whose whole text is selected', () => {
    expect(rangeText('a **bold** b', 'bold')).toBe('**bold**');
  });

  it('maps a selection inside link text into the text only', () => {
    expect(rangeText('see [the docs](https://x.example) now', 'he do')).toBe('he do');
  });

  it('grows a selection that half covers a mark to the whole mark', () => {
    expect(rangeText('plain **bold words** tail', 'in bold')).toBe('in **bold words**');
    expect(rangeText('x [link text](https://x.example) y', 'text y')).toBe('[link text](https://x.example) y');
  });

  it('takes a citation marker whole', () => {
    const { doc, from } = select('fact[^3] next', 'fact');
    const { start, end } = selectionToRange(doc, from + 3, from + 5);
    expect('fact[^3] next'.slice(start, end)).toBe('t[^3]');
  });

  it('never splits an emoji', () => {
    const markdown = 'a😀b';
    const doc = docOf(markdown);
    const range = selectionToRange(doc, 2, 3); // from the middle of the emoji
    expect(markdown.slice(range.start, range.end)).toBe('😀');
  });

  it('grows a selection across table cells to the whole table', () => {
    const markdown = 'intro\n\n| a | b |\n| --- | --- |\n| c | d |\n\noutro';
    const doc = docOf(markdown);
    const { text, map } = serializeWithMap(doc);
    const cellA = map.blocks[1].contentStart;
    const cellD = map.blocks[4].contentStart;
    const range = selectionToRange(doc, cellA, cellD + 1);
    expect(text.slice(range.start, range.end)).toBe('| a | b |\n| --- | --- |\n| c | d |');
  });

  it('stops at the end of a block when a drag ends at the start of the next', () => {
    const doc = docOf('# Head\n\nbody');
    const { map } = serializeWithMap(doc);
    const range = selectionToRange(doc, map.blocks[0].contentStart, map.blocks[1].contentStart);
    expect('# Head\n\nbody'.slice(range.start, range.end)).toBe('Head');
  });

  it('keeps an empty code block that a selection starts or ends in, as the range it gives back reads', () => {
    const markdown = 'a\n\n```python\n\n```\n\n9. b\n\nc';
    const doc = docOf(markdown);
    const emptyCode = 4; // the code block's one position
    for (const [anchor, head, expected] of [
      [emptyCode, 9, '```python\n\n```\n\n9. b'],
      [1, emptyCode, 'a\n\n```python\n\n```'],
    ] as const) {
      const range = selectionToRange(doc, anchor, head);
      expect(markdown.slice(range.start, range.end)).toBe(expected);
      const { from, to } = rangeToSelection(doc, range.start, range.end);
      expect(selectionToRange(doc, from, to)).toEqual(range);
    }
  });

  it('never cuts markup, and replacing the range keeps the other blocks', () => {
    const scenario = documentArbitrary.chain((json) => {
      const doc = canvasSchema.nodeFromJSON(parseSection(serializeSection(json)));
      const size = doc.content.size;
      return fc.tuple(
        fc.constant(doc),
        fc.integer({ min: 0, max: size }),
        fc.integer({ min: 0, max: size }),
        fc.constantFrom('zz', 'new words'),
      );
    });
    fc.assert(
      fc.property(scenario, ([doc, anchor, head, replacement]) => {
        const { text, map } = serializeWithMap(doc);
        const { start, end } = selectionToRange(doc, anchor, head);
        expect(start).toBeLessThanOrEqual(end);
        expect(splitsSurrogatePair(text, start) || splitsSurrogatePair(text, end)).toBe(false);
        for (const span of map.spans) {
          const covers = start <= span.outerStart && end >= span.outerEnd;
          const inside = start >= span.innerStart && end <= span.innerEnd;
          const apart = end <= span.outerStart || start >= span.outerEnd;
          expect(covers || inside || apart).toBe(true);
        }
        for (const block of map.blocks) {
          for (const unit of block.units) {
            expect(start > unit.start && start < unit.end).toBe(false);
            expect(end > unit.start && end < unit.end).toBe(false);
          }
        }

        // Top-level blocks wholly outside the range survive the rewrite unchanged.
        const ends: number[] = [];
        for (let count = 1; count <= doc.childCount; count++) {
          const prefix = canvasSchema.nodes.doc.create(
            null,
            Array.from({ length: count }, (_, i) => doc.child(i)),
          );
          ends.push(serializeSection(prefix).length);
        }
        const starts = ends.map((_, i) => (i === 0 ? 0 : ends[i - 1] + 2));
        const before = ends.filter((blockEnd) => blockEnd < start).length;
        const after = starts.filter((blockStart) => blockStart > end).length;
        const rewritten = docOf(spliceRange(text, start, end, replacement));
        for (let i = 0; i < before; i++) expect(rewritten.child(i).eq(doc.child(i))).toBe(true);
        for (let i = 1; i <= after; i++) {
          expect(rewritten.child(rewritten.childCount - i).eq(doc.child(doc.childCount - i))).toBe(true);
        }
      }),
      { numRuns: 120 },
    );
  }, 120_000);
});

describe('rangeToSelection', () => {
  it('highlights the text of a rewritten range', () => {
    const markdown = 'a **bold** b';
    const doc = docOf(markdown);
    expect(rangeToSelection(doc, 2, 10)).toEqual({ from: 3, to: 7 });
    expect(rangeToSelection(doc, 4, 8)).toEqual({ from: 3, to: 7 });
  });

  it('contains the selection it came from', () => {
    const scenario = documentArbitrary.chain((json) => {
      const doc = canvasSchema.nodeFromJSON(parseSection(serializeSection(json)));
      return fc.tuple(fc.constant(doc), fc.integer({ min: 0, max: doc.content.size }), fc.integer({ min: 0, max: doc.content.size }));
    });
    fc.assert(
      fc.property(scenario, ([doc, anchor, head]) => {
        const { start, end } = selectionToRange(doc, anchor, head);
        const { from, to } = rangeToSelection(doc, start, end);
        const again = selectionToRange(doc, from, to);
        expect(again).toEqual({ start, end });
      }),
      { numRuns: 100 },
    );
  });
});
