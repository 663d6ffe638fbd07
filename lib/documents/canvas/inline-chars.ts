import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

/**
 * One editor position's worth of inline content: a UTF-16 code unit of text
 * (ProseMirror counts positions in code units too) or a citation atom.
 * `dropped` units have no canonical form (edge whitespace) and write nothing.
 */
export interface InlineUnit {
  pos: number;
  unit: string;
  citation: string | null;
  bold: boolean;
  italic: boolean;
  href: string | null;
  dropped: boolean;
}

export type EmphasisMark = 'bold' | 'italic';

/** Flattens a textblock into units and applies the canonical clean-ups. */
export function collectUnits(textblock: ProseMirrorNode, contentStart: number): InlineUnit[] {
  const units: InlineUnit[] = [];
  textblock.forEach((child, offset) => {
    const marks = new Set(child.marks.map((mark) => mark.type.name));
    const link = child.marks.find((mark) => mark.type.name === 'link');
    const base = {
      bold: marks.has('bold'),
      italic: marks.has('italic'),
      href: link ? String(link.attrs.href ?? '') : null,
      dropped: false,
    };
    if (child.isText) {
      const text = child.text ?? '';
      for (let index = 0; index < text.length; index++) {
        // A block is one line: line breaks and tabs inside text become spaces.
        const unit = /[\n\r\t\v\f]/.test(text[index]) ? ' ' : text[index];
        units.push({ pos: contentStart + offset + index, unit, citation: null, ...base });
      }
    } else if (child.type.name === 'citation') {
      // A footnote call cannot sit inside link text.
      units.push({ pos: contentStart + offset, unit: '', citation: String(child.attrs.n), ...base, href: null });
    }
  });
  keepSurrogatePairsTogether(units);
  dropEdgeWhitespace(units);
  return units;
}

export const isWhitespaceUnit = (unit: InlineUnit) => unit.citation === null && /\s/.test(unit.unit);
const isHighSurrogate = (unit: string) => /[\uD800-\uDBFF]/.test(unit);

/** A mark boundary between two halves of an emoji would split it in the text. */
function keepSurrogatePairsTogether(units: InlineUnit[]): void {
  for (let index = 0; index + 1 < units.length; index++) {
    if (units[index].citation === null && isHighSurrogate(units[index].unit)) {
      const { bold, italic, href } = units[index];
      Object.assign(units[index + 1], { bold, italic, href });
    }
  }
}

/** Markdown strips whitespace at the edges of a block, so we never write it. */
function dropEdgeWhitespace(units: InlineUnit[]): void {
  for (let index = 0; index < units.length && isWhitespaceUnit(units[index]); index++) {
    units[index].dropped = true;
  }
  for (let index = units.length - 1; index >= 0 && isWhitespaceUnit(units[index]); index--) {
    units[index].dropped = true;
  }
}
