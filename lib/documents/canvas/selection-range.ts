import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

import { docPosToOffset, offsetToDocPos, type OffsetMap, type TextblockLayout } from './offset-map';
import type { ProseMirrorJSON } from './prosemirror-json';
import { serializeWithMap, toProseMirrorNode } from './serialize-section';

export interface SourceRange {
  start: number;
  end: number;
}

export interface SerializedSection {
  text: string;
  map: OffsetMap;
}

/**
 * Editor selection [from, to) to a range [start, end) of the canonical text.
 *
 * Snapping rule: EXPAND, never shrink. Markup is atomic:
 * - a selection that stays inside a mark's text maps into that text only;
 * - a selection that covers the whole text of a mark includes its markup
 *   (`**…**`, `*…*`, `[…](url)`);
 * - a selection that covers part of a mark and text outside it grows to the
 *   whole mark, markup included (repeated until no mark is cut);
 * - citations `[^n]` and escapes like `\*` are single editor positions, so
 *   they are whole or absent; a UTF-16 pair is never split;
 * - a selection reaching across table cells grows to the whole table at that
 *   end (a lost `|` would turn the table into a paragraph), and one reaching
 *   into a code block from outside grows to the whole block with its fences;
 * - block prefixes (`# `, `- `, `> `) are never the start or end of a range:
 *   ends snap to text, and a selection that ends at the very start of a block
 *   (drag past a line end) stops at the end of the previous block instead.
 * Replacing the result by plain text therefore leaves valid Markdown whose
 * blocks outside the range are unchanged.
 */
export function selectionToRange(doc: ProseMirrorNode | ProseMirrorJSON, from: number, to: number): SourceRange {
  const node = toProseMirrorNode(doc);
  return selectionToRangeIn(node, serializeWithMap(node), from, to);
}

/** Same as selectionToRange, for a caller that keeps the serialized section of `doc`. */
export function selectionToRangeIn(doc: ProseMirrorNode, section: SerializedSection, anchor: number, head: number): SourceRange {
  const { map, text } = section;
  if (map.positions.length === 0) return { start: 0, end: 0 };
  let from = Math.min(anchor, head);
  let to = Math.max(anchor, head);
  from = offsetToDocPos(map, docPosToOffset(map, from, 'forward'));
  to = offsetToDocPos(map, docPosToOffset(map, to, 'backward'));
  if (to < from) to = from;

  if (from < to) {
    // An empty block (a code block with no lines) has one position, its start
    // as much as its end: a selection that starts or ends there holds the
    // block, as the selection rangeToSelection gives back for it does.
    const hasText = (block: TextblockLayout) => block.contentStart < block.contentEnd;
    const toBlock = blockAt(map, to);
    if (toBlock && hasText(toBlock) && to === toBlock.contentStart) {
      const previous = map.blocks[map.blocks.indexOf(toBlock) - 1];
      if (previous && previous.contentEnd >= from) to = previous.contentEnd;
    }
    const fromBlock = blockAt(map, from);
    if (fromBlock && hasText(fromBlock) && from === fromBlock.contentEnd) {
      const next = map.blocks[map.blocks.indexOf(fromBlock) + 1];
      if (next && next.contentStart <= to) from = next.contentStart;
    }
  }

  // Never split a surrogate pair: the low half's offset follows a high half.
  const splitsPair = (pos: number) => {
    const offset = docPosToOffset(map, pos);
    return /[\uDC00-\uDFFF]/.test(text[offset] ?? '') && /[\uD800-\uDBFF]/.test(text[offset - 1] ?? '');
  };
  if (splitsPair(from)) from -= 1;
  if (to > from && splitsPair(to)) to += 1;

  for (let changed = true; changed; ) {
    changed = false;
    for (const span of map.spans) {
      const overlaps = from < span.to && to > span.from;
      const inside = from >= span.from && to <= span.to;
      const covers = from <= span.from && to >= span.to;
      if (overlaps && !inside && !covers) {
        from = Math.min(from, span.from);
        to = Math.max(to, span.to);
        changed = true;
      }
    }
  }

  const meeting = wholeBlocksAtMeetingLevel(doc, map, from, to);

  let start = docPosToOffset(map, from);
  let end = from === to ? start : endOffsetOf(map, to);
  for (const span of map.spans) {
    if (from === to || span.from < from || span.to > to) continue;
    if (span.from === from) start = Math.min(start, span.outerStart);
    if (span.to === to) end = Math.max(end, span.outerEnd);
  }

  start = Math.min(start, meeting.start ?? start);
  end = Math.max(end, meeting.end ?? end);

  // A range reaching into a code block from outside takes the whole block, fences
  // included: losing one fence would turn the rest of the section into code.
  for (const code of map.containers.filter((container) => container.type === 'codeBlock')) {
    const holdsFrom = from > code.from && from < code.to;
    const holdsTo = to > code.from && to < code.to;
    if (holdsFrom === holdsTo) continue;
    if (holdsFrom) start = Math.min(start, code.start);
    if (holdsTo) end = Math.max(end, code.end);
  }

  const fromCell = blockAt(map, from)?.cell ?? null;
  const sameCell = fromCell !== null && fromCell === (blockAt(map, to)?.cell ?? null);
  if (!sameCell) {
    for (const table of map.containers.filter((container) => container.type === 'table')) {
      if (from > table.from && from < table.to) start = Math.min(start, table.start);
      if (to > table.from && to < table.to) end = Math.max(end, table.end);
    }
  }
  return { start, end };
}

/**
 * A canonical range back to an editor selection, e.g. to highlight what a
 * rewrite replaced. Offsets inside markup snap inwards to the text.
 */
export function rangeToSelection(doc: ProseMirrorNode | ProseMirrorJSON, start: number, end: number): { from: number; to: number } {
  return rangeToSelectionIn(serializeWithMap(doc), start, end);
}

export function rangeToSelectionIn(section: SerializedSection, start: number, end: number): { from: number; to: number } {
  const { map } = section;
  const from = offsetToDocPos(map, start, 'forward');
  // The end is the last editor position whose preceding character was written before `end`.
  let to = offsetToDocPos(map, end, 'backward');
  for (const block of map.blocks) {
    block.units.forEach((unit, index) => {
      if (unit.end <= end && unit.start < end) to = Math.max(to, block.contentStart + index + 1);
    });
  }
  return { from, to: Math.max(from, to) };
}

/**
 * A range from block A into block B re-parents what follows it: `- a`
 * losing its marker leaves `  1. nested` to join another list, and a list
 * left open at A absorbs a following list of the same kind. So, where the
 * two blocks meet in a container (doc, quote, list item), B's side grows to
 * the whole block it sits in, and A's side grows to the whole list it sits
 * in when the range would otherwise leave that list next to a list of the
 * same kind. Within one list, items are kept whole on B's side only, so A's
 * item keeps its marker. Tables are left to the cross-cell rule.
 */
function wholeBlocksAtMeetingLevel(doc: ProseMirrorNode, map: OffsetMap, from: number, to: number): { start?: number; end?: number } {
  const $from = doc.resolve(from);
  const $to = doc.resolve(to);
  const depth = $from.sharedDepth(to);
  if (depth >= $to.depth || depth >= $from.depth) return {};
  for (let d = depth; d > 0; d--) if (/^table/.test($to.node(d).type.name)) return {};
  const containerAt = (pos: number) => map.containers.find((container) => container.from === pos);
  const result: { start?: number; end?: number } = {};
  const bChild = $to.node(depth + 1);
  if (!bChild.isTextblock) result.end = containerAt($to.before(depth + 1))?.end;
  const aChild = $from.node(depth + 1);
  const next = $to.node(depth).maybeChild($to.index(depth) + 1);
  const isList = (node: ProseMirrorNode) => node.type.name === 'bulletList' || node.type.name === 'orderedList';
  if (!isList($from.node(depth)) && isList(aChild) && next && next.type === aChild.type) {
    result.start = containerAt($from.before(depth + 1))?.start;
  }
  return result;
}

function blockAt(map: OffsetMap, pos: number): TextblockLayout | undefined {
  return map.blocks.find((block) => pos >= block.contentStart && pos <= block.contentEnd);
}

/** Offset right after the written form of the character before `to` (before any closing markup). */
function endOffsetOf(map: OffsetMap, to: number): number {
  const block = blockAt(map, to);
  if (!block || to === block.contentStart) return docPosToOffset(map, to);
  return block.units[to - block.contentStart - 1].end;
}
