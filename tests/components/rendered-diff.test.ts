import { describe, expect, it } from 'vitest';
import { parseSection } from '@/lib/documents/canvas';
import { blockChanges, renderedBlocks } from '@/components/canvas/rendered-blocks';

const blocks = (markdown: string) => renderedBlocks(parseSection(markdown));

describe('a diff of two versions as the canvas shows them', () => {
  it('reads the words a reader sees: no Markdown marks, link targets or table pipes', () => {
    expect(
      blocks(
        '## Soil\n\nKeep it **moist**, see [the guide](https://example.org)[^1].\n\n- greens\n- browns\n\n| a | b |\n|---|---|\n| 1 | 2 |',
      ),
    ).toEqual([
      { kind: 'heading', text: 'Soil' },
      { kind: 'paragraph', text: 'Keep it moist, see the guide[1].' },
      { kind: 'item', text: 'greens' },
      { kind: 'item', text: 'browns' },
      { kind: 'row', text: 'a · b' },
      { kind: 'row', text: '1 · 2' },
    ]);
  });

  it('marks the words changed inside a block, and blocks added or removed whole', () => {
    const changes = blockChanges(
      blocks('Keep it **moist**.\n\nTurn it weekly.'),
      blocks('Keep it *damp*.\n\nAdd browns.\n\nTurn it weekly.'),
    );
    expect(changes.map((c) => c.change)).toEqual(['edited', 'added', 'same']);
    const edited = changes[0];
    if (edited.change !== 'edited') throw new Error('expected an edited block');
    expect(edited.words.filter((w) => w.removed).map((w) => w.value)).toEqual(['moist']);
    expect(edited.words.filter((w) => w.added).map((w) => w.value)).toEqual(['damp']);
    expect(JSON.stringify(changes)).not.toMatch(/\*/);
  });

  it('a bold mark added or removed is no change in the words shown', () => {
    expect(blockChanges(blocks('Keep it moist.'), blocks('Keep it **moist**.')).map((c) => c.change)).toEqual(['same']);
  });
});
