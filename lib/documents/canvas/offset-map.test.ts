import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { documentArbitrary } from '@/tests/support/canvas/canvas-arbitraries';
import { canvasSchema } from './editor-extensions';
import { docPosToOffset, offsetToDocPos } from './offset-map';
import { parseSection } from './parse-section';
import { serializeSection, serializeWithMap } from './serialize-section';

const canonicalDoc = (json: Parameters<typeof serializeSection>[0]) => canvasSchema.nodeFromJSON(parseSection(serializeSection(json)));

describe('offset map', () => {
  it('maps positions in Cyrillic, CJK and emoji text to UTF-16 offsets', () => {
    const doc = canvasSchema.nodeFromJSON(parseSection('## Привет 你好 😀 **мир**'));
    const { text, map } = serializeWithMap(doc);
    // heading content starts at pos 1, written after "## "
    expect(docPosToOffset(map, 1)).toBe(3);
    const emoji = doc.textContent.indexOf('😀') + 1;
    expect(text.slice(docPosToOffset(map, emoji), docPosToOffset(map, emoji + 2))).toBe('😀');
    const bold = doc.textContent.indexOf('мир') + 1;
    // A block's end maps past its closing markup: the line's end.
    expect(text.slice(docPosToOffset(map, bold), docPosToOffset(map, bold + 3))).toBe('мир**');
    expect(offsetToDocPos(map, text.length)).toBe(doc.child(0).nodeSize - 1);
  });

  it('snaps an offset inside markup to the text that follows it', () => {
    const doc = canvasSchema.nodeFromJSON(parseSection('a\n\n- **x**'));
    const { map } = serializeWithMap(doc);
    // "a" is pos 1..2; the list item's text "x" starts at pos 6, offset 7.
    expect(offsetToDocPos(map, 4)).toBe(6);
    expect(offsetToDocPos(map, 7)).toBe(6);
    expect(offsetToDocPos(map, 4, 'backward')).toBe(2);
  });

  it('round-trips every text position, and the text there is the editor text', () => {
    fc.assert(
      fc.property(documentArbitrary, (json) => {
        const doc = canonicalDoc(json);
        const { text, map } = serializeWithMap(doc);
        for (const block of map.blocks) {
          for (let pos = block.contentStart; pos <= block.contentEnd; pos++) {
            expect(offsetToDocPos(map, docPosToOffset(map, pos))).toBe(pos);
          }
          block.units.forEach((unit, index) => {
            const node = doc.nodeAt(block.contentStart + index)!;
            const written = text.slice(unit.start, unit.end);
            if (node.type.name === 'citation') {
              expect(written).toBe(`[^${node.attrs.n}]`);
            } else {
              const char = doc.textBetween(block.contentStart + index, block.contentStart + index + 1);
              expect([char, `\\${char}`]).toContain(written);
            }
          });
        }
      }),
      { numRuns: 120 },
    );
  }, 120_000);
});
