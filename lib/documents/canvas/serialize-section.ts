import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

import { canvasSchema } from './editor-extensions';
import { codeFences } from './code-fence';
import type { InlineUnit } from './inline-chars';
import { writeImage } from './markdown-escape';
import { serializeInline, type InlineLine, type MarkupSpan } from './inline-serializer';
import { buildOffsetMap, type OffsetMap, type ContainerLayout, type TextblockLayout } from './offset-map';
import { parseSection } from './parse-section';
import type { ProseMirrorJSON } from './prosemirror-json';

/**
 * The canonical writer: one line per textblock (a code block: its fences and
 * its lines as they are), blocks separated by one blank line (list items and
 * table rows by a newline), no trailing newline.
 * It lays out lines first and only then fixes absolute offsets, so prefixes
 * added by containers (`> `, `- `, indentation) shift the map for free.
 */
interface PlacedBlock {
  contentStart: number;
  contentEnd: number;
  inline: InlineLine;
  cell: number | null;
  col: number;
  /** a later line of a code block: its units continue the block placed on an earlier line */
  continues?: boolean;
}

interface PlacedNode {
  type: string;
  from: number;
  to: number;
  startCol?: number;
  endCol?: number;
}

interface Line {
  text: string;
  blocks: PlacedBlock[];
  nodeStarts: PlacedNode[];
  nodeEnds: PlacedNode[];
}

interface Layout {
  cells: number;
  containers: PlacedNode[];
}

const BLANK = (): Line => ({ text: '', blocks: [], nodeStarts: [], nodeEnds: [] });

function prefixLine(line: Line, prefix: string): Line {
  const shift = prefix.length;
  for (const block of line.blocks) block.col += shift;
  for (const node of line.nodeStarts) node.startCol! += shift;
  for (const node of line.nodeEnds) node.endCol! += shift;
  return { ...line, text: prefix + line.text };
}

export function toProseMirrorNode(doc: ProseMirrorNode | ProseMirrorJSON): ProseMirrorNode {
  return 'nodeSize' in doc && typeof doc.nodeSize === 'number'
    ? (doc as ProseMirrorNode)
    : canvasSchema.nodeFromJSON(doc as ProseMirrorJSON);
}

export function serializeSection(doc: ProseMirrorNode | ProseMirrorJSON): string {
  return serializeWithMap(doc).text;
}

/** serialize(parse(markdown)): the form every stored section body is kept in. */
export function canonicalize(markdown: string): string {
  return serializeSection(parseSection(markdown));
}

export function serializeWithMap(doc: ProseMirrorNode | ProseMirrorJSON): { text: string; map: OffsetMap } {
  const node = toProseMirrorNode(doc);
  const layout: Layout = { cells: 0, containers: [] };
  const lines = containerLines(node, 0, layout, 'document');
  const blocks: TextblockLayout[] = [];
  const spans: MarkupSpan[] = [];
  let offset = 0;
  for (const line of lines) {
    for (const placed of line.blocks) {
      const base = offset + placed.col;
      if (placed.continues) {
        const block = blocks[blocks.length - 1];
        block.units.push(...placed.inline.units.map((unit) => ({ start: base + unit.start, end: base + unit.end })));
        block.endOffset = base + placed.inline.text.length;
        continue;
      }
      blocks.push({
        contentStart: placed.contentStart,
        contentEnd: placed.contentEnd,
        units: placed.inline.units.map((unit) => ({ start: base + unit.start, end: base + unit.end })),
        endOffset: base + placed.inline.text.length,
        cell: placed.cell,
      });
      for (const span of placed.inline.spans) {
        spans.push({
          ...span,
          outerStart: base + span.outerStart,
          innerStart: base + span.innerStart,
          innerEnd: base + span.innerEnd,
          outerEnd: base + span.outerEnd,
        });
      }
    }
    for (const placed of line.nodeStarts) placed.startCol = offset + placed.startCol!;
    for (const placed of line.nodeEnds) placed.endCol = offset + placed.endCol!;
    offset += line.text.length + 1;
  }
  const containers: ContainerLayout[] = layout.containers.map((placed) => ({
    type: placed.type,
    from: placed.from,
    to: placed.to,
    start: placed.startCol!,
    end: placed.endCol!,
  }));
  return { text: lines.map((line) => line.text).join('\n'), map: buildOffsetMap(blocks, spans, containers) };
}

type Container = 'document' | 'blockquote' | 'listItem';

/** Children of doc, blockquote or list item, with the separators the parser reads back identically. */
function containerLines(parent: ProseMirrorNode, contentStart: number, layout: Layout, kind: Container): Line[] {
  const children: Array<{ node: ProseMirrorNode; pos: number }> = [];
  parent.forEach((child, offset) => {
    children.push({ node: child, pos: contentStart + offset });
  });
  // Whitespace-only text is dropped by the writer, so such a paragraph is empty too.
  const isEmptyParagraph = (node: ProseMirrorNode) => node.type.name === 'paragraph' && writesNothing(node);
  // An empty paragraph has no Markdown form, except as the marker line of a
  // list item that goes on with a heading, quote or list (`-` then `  # h`).
  const keptChildren = children.filter(({ node }, index) => {
    if (!isEmptyParagraph(node)) return true;
    if (kind === 'listItem' && index === 0) return children.length === 1 || children[1].node.type.name !== 'paragraph';
    return false;
  });
  if (keptChildren.length === 0 && kind !== 'document') keptChildren.push(children[0]);

  const lines: Line[] = [];
  let previous = null as { node: ProseMirrorNode; alternate: boolean } | null;
  for (const [index, { node, pos }] of keptChildren.entries()) {
    const isList = node.type.name === 'bulletList' || node.type.name === 'orderedList';
    // Two lists in a row would merge into one: the second switches marker (`*`, `1)`).
    const alternate = isList && previous !== null && previous.node.type === node.type && !previous.alternate;
    if (previous) {
      const tight =
        kind === 'listItem' &&
        ((isList && previous.node.type.name === 'paragraph' && canInterruptParagraph(node)) || isEmptyParagraph(previous.node));
      if (!tight) lines.push(BLANK());
    }
    lines.push(...blockLines(node, pos, layout, { alternate, taskBox: kind === 'listItem' && index === 0 }));
    previous = { node, alternate };
  }
  return lines;
}

/** Whitespace-only text is dropped by the writer: such a textblock writes nothing. */
function writesNothing(textblock: ProseMirrorNode): boolean {
  let nothing = true;
  textblock.forEach((child) => {
    if (!child.isText || /\S/.test(child.text ?? '')) nothing = false;
  });
  return nothing;
}

/**
 * CommonMark: a list may start right on the line after a paragraph only if it
 * is a bullet list or starts at 1, and its first item is not empty.
 */
function canInterruptParagraph(list: ProseMirrorNode): boolean {
  const firstBlock = list.firstChild?.firstChild;
  const startsEmpty = !firstBlock || (firstBlock.type.name === 'paragraph' && writesNothing(firstBlock));
  return !startsEmpty && (list.type.name === 'bulletList' || Number(list.attrs.start ?? 1) === 1);
}

/** `alternate`: a list after a list of its kind; `taskBox`: the paragraph that opens a list item. */
interface BlockContext {
  alternate: boolean;
  taskBox: boolean;
}

/** Containers (lists, quotes, tables) remember where their first line starts and last line ends. */
function blockLines(node: ProseMirrorNode, pos: number, layout: Layout, context: BlockContext): Line[] {
  const lines = writeBlock(node, pos, layout, context);
  // Code blocks too: a range reaching into one from outside takes it whole.
  if ((!node.isTextblock || node.type.name === 'codeBlock') && lines.length > 0) {
    const last = lines[lines.length - 1];
    const placed: PlacedNode = { type: node.type.name, from: pos, to: pos + node.nodeSize, startCol: 0, endCol: last.text.length };
    layout.containers.push(placed);
    lines[0].nodeStarts.push(placed);
    last.nodeEnds.push(placed);
  }
  return lines;
}

function writeBlock(node: ProseMirrorNode, pos: number, layout: Layout, context: BlockContext): Line[] {
  switch (node.type.name) {
    case 'paragraph':
      return [textblockLine(node, pos, null, context.taskBox)];
    case 'heading': {
      const hashes = '#'.repeat(Math.min(6, Math.max(1, Number(node.attrs.level) || 1)));
      const line = textblockLine(node, pos, null);
      return [prefixLine(line, line.text ? `${hashes} ` : hashes)];
    }
    case 'blockquote':
      return containerLines(node, pos + 1, layout, 'blockquote').map((line) => prefixLine(line, line.text ? '> ' : '>'));
    case 'bulletList':
    case 'orderedList':
      return listLines(node, pos, layout, context.alternate);
    case 'table':
      return tableLines(node, pos, layout);
    case 'codeBlock':
      return codeLines(node, pos);
    case 'horizontalRule':
      return [{ ...BLANK(), text: '---' }];
    default:
      return [];
  }
}

/**
 * A fenced block whose text is written as is: every character of the code is
 * one editor position and one offset (a line break too, which also spans the
 * indentation a container adds to the next line). Empty code is one empty
 * line, so text put at its offset lands inside the fences.
 */
function codeLines(node: ProseMirrorNode, pos: number): Line[] {
  const code = node.textContent;
  const fences = codeFences(code, node.attrs.language ?? null, node.attrs.meta ?? null);
  const contentStart = pos + 1;
  const lines: Line[] = [{ ...BLANK(), text: fences.open }];
  let unitPos = contentStart;
  const codeLineTexts = code.split('\n');
  codeLineTexts.forEach((text, index) => {
    const units: InlineLine['units'] = [];
    for (let col = 0; col < text.length; col++) units.push({ pos: unitPos + col, start: col, end: col + 1 });
    if (index < codeLineTexts.length - 1) units.push({ pos: unitPos + text.length, start: text.length, end: text.length + 1 });
    unitPos += text.length + 1;
    const placed: PlacedBlock = {
      contentStart,
      contentEnd: contentStart + node.content.size,
      inline: { text, units, spans: [] },
      cell: null,
      col: 0,
      continues: index > 0,
    };
    lines.push({ ...BLANK(), text, blocks: [placed] });
  });
  lines.push({ ...BLANK(), text: fences.close });
  return lines;
}

function listLines(list: ProseMirrorNode, pos: number, layout: Layout, alternate: boolean): Line[] {
  const ordered = list.type.name === 'orderedList';
  const start = Math.max(0, Math.floor(Number(list.attrs.start ?? 1)) || 0);
  const lines: Line[] = [];
  list.forEach((item, offset, index) => {
    const marker = ordered ? `${start + index}${alternate ? ')' : '.'}` : alternate ? '*' : '-';
    const itemLines = containerLines(item, pos + 1 + offset + 1, layout, 'listItem');
    const indent = ' '.repeat(marker.length + 1);
    itemLines.forEach((line, lineIndex) => {
      if (lineIndex === 0) lines.push(prefixLine(line, line.text ? `${marker} ` : marker));
      else lines.push(line.text ? prefixLine(line, indent) : line);
    });
  });
  return lines;
}

function textblockLine(node: ProseMirrorNode, pos: number, cell: number | null, taskBox = false): Line {
  const contentStart = pos + 1;
  const inline = serializeInline(
    node,
    contentStart,
    { heading: node.type.name === 'heading', taskBox, cell: cell !== null },
    readInlineBack,
  );
  return {
    text: inline.text,
    blocks: [{ contentStart, contentEnd: contentStart + node.content.size, inline, cell, col: 0 }],
    nodeStarts: [],
    nodeEnds: [],
  };
}

/** GFM table: header row, `| --- |` delimiter row, body rows; one paragraph per cell. */
function tableLines(table: ProseMirrorNode, pos: number, layout: Layout): Line[] {
  const rows: ProseMirrorNode[][] = [];
  const rowPositions: number[][] = [];
  table.forEach((row, rowOffset) => {
    const cells: ProseMirrorNode[] = [];
    const positions: number[] = [];
    row.forEach((cell, cellOffset) => {
      cells.push(cell);
      positions.push(pos + 1 + rowOffset + 1 + cellOffset);
    });
    rows.push(cells);
    rowPositions.push(positions);
  });
  const columns = Math.max(1, ...rows.map((cells) => cells.length));
  const lines = rows.map((cells, rowIndex) => {
    const line: Line = BLANK();
    line.text = '|';
    for (let column = 0; column < columns; column++) {
      line.text += ' ';
      const cell = cells[column];
      if (cell) appendCell(line, cell, rowPositions[rowIndex][column], layout.cells++);
      line.text += ' |';
    }
    return line;
  });
  const delimiter: Line = { ...BLANK(), text: `|${' --- |'.repeat(columns)}` };
  lines.splice(1, 0, delimiter);
  return lines;
}

/** A cell's textblocks are written on its row, joined by a space (GFM cells are one line). */
function appendCell(line: Line, cell: ProseMirrorNode, cellPos: number, cellId: number): void {
  let first = true;
  cell.descendants((child, offset) => {
    if (!child.isTextblock) return true;
    const written = textblockLine(child, cellPos + 1 + offset, cellId);
    if (!written.text && !first) return false;
    if (!first) line.text += ' ';
    first = false;
    for (const block of written.blocks) line.blocks.push({ ...block, col: line.text.length });
    line.text += written.text;
    return false;
  });
}

/** Reads one written line back as units, to prove its emphasis round-trips. */
function readInlineBack(line: string): InlineUnit[] | null {
  const doc = canvasSchema.nodeFromJSON(parseSection(line));
  if (doc.childCount !== 1 || !doc.firstChild!.isTextblock) return null;
  const units: InlineUnit[] = [];
  doc.firstChild!.forEach((child) => {
    const marks = new Set(child.marks.map((mark) => mark.type.name));
    const base = {
      pos: 0,
      unit: '',
      citation: null,
      image: null,
      href: null,
      dropped: false,
      bold: marks.has('bold'),
      italic: marks.has('italic'),
      strike: marks.has('strike'),
      code: marks.has('code'),
    };
    if (child.isText) {
      const text = child.text ?? '';
      for (let index = 0; index < text.length; index++) units.push({ ...base, unit: text[index] });
    } else if (child.type.name === 'image') {
      units.push({
        ...base,
        image: writeImage(
          String(child.attrs.src ?? ''),
          String(child.attrs.alt ?? ''),
          child.attrs.title ? String(child.attrs.title) : null,
        ),
      });
    } else {
      units.push({ ...base, citation: String(child.attrs.n) });
    }
  });
  return units;
}
