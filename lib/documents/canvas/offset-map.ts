import type { MarkupSpan } from './inline-serializer';

/** Where one textblock's content landed in the canonical text (absolute offsets). */
export interface TextblockLayout {
  contentStart: number;
  contentEnd: number;
  /** One entry per editor position in [contentStart, contentEnd): what was written for it. */
  units: Array<{ start: number; end: number }>;
  /** Offset just after the block's written text (its closing markup included). */
  endOffset: number;
  /** Table cell this block belongs to (index into `cells`), or null. */
  cell: number | null;
}

/** A list, quote, table or code block written as lines: editor range and the offsets of its first line's start to its last line's end. */
export interface ContainerLayout {
  type: string;
  from: number;
  to: number;
  start: number;
  end: number;
}

/**
 * Relates editor positions to UTF-16 offsets in the canonical Markdown.
 * `positions` and `offsets` are parallel and both increasing: every text
 * position (each position inside a textblock, including its end) has one
 * entry, which is what makes the mapping invertible.
 * A position maps to where the next character's written form starts (after
 * any opening markup), and a block's end maps to the end of its line content.
 */
export interface OffsetMap {
  positions: number[];
  offsets: number[];
  blocks: TextblockLayout[];
  spans: MarkupSpan[];
  containers: ContainerLayout[];
}

export function buildOffsetMap(blocks: TextblockLayout[], spans: MarkupSpan[], containers: ContainerLayout[]): OffsetMap {
  const positions: number[] = [];
  const offsets: number[] = [];
  for (const block of blocks) {
    block.units.forEach((unit, index) => {
      positions.push(block.contentStart + index);
      offsets.push(unit.start);
    });
    positions.push(block.contentEnd);
    offsets.push(block.endOffset);
  }
  return { positions, offsets, blocks, spans, containers };
}

export type Bias = 'forward' | 'backward';

/** Index of the first entry >= value (values sorted ascending). */
function lowerBound(values: number[], value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function lookup(from: number[], to: number[], value: number, bias: Bias): number {
  if (from.length === 0) return 0;
  const index = lowerBound(from, value);
  if (from[index] === value) return to[index];
  // Not a text position / not the start of a character's written form.
  if (bias === 'forward') return index < from.length ? to[index] : to[from.length - 1];
  return index > 0 ? to[index - 1] : to[0];
}

/**
 * Editor position to canonical offset. Positions between blocks (not text
 * positions) snap to the next text position, or the previous one with
 * `bias: 'backward'`.
 */
export function docPosToOffset(map: OffsetMap, pos: number, bias: Bias = 'forward'): number {
  return lookup(map.positions, map.offsets, pos, bias);
}

/**
 * Canonical offset to editor position. An offset inside markup (a prefix,
 * `**`, the inside of `[^1]` or of an escape) snaps to the next text position,
 * or to the previous one with `bias: 'backward'`.
 */
export function offsetToDocPos(map: OffsetMap, offset: number, bias: Bias = 'forward'): number {
  return lookup(map.offsets, map.positions, offset, bias);
}
