import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

import { writeImage } from './markdown-escape';

/**
 * One editor position's worth of inline content: a UTF-16 code unit of text
 * (ProseMirror counts positions in code units too) or an atom: a citation
 * chip or an image, written whole.
 * `dropped` units have no canonical form (edge whitespace) and write nothing.
 */
export interface InlineUnit {
  pos: number;
  unit: string;
  citation: string | null;
  /** an image's whole Markdown form `![alt](src)` */
  image: string | null;
  bold: boolean;
  italic: boolean;
  strike: boolean;
  /** inside a code span: written as is */
  code: boolean;
  href: string | null;
  dropped: boolean;
}

export type EmphasisMark = 'bold' | 'italic' | 'strike';

/** A unit of text (not an atom). */
export const isTextUnit = (unit: InlineUnit) => unit.citation === null && unit.image === null;

/** Flattens a textblock into units and applies the canonical clean-ups. */
export function collectUnits(textblock: ProseMirrorNode, contentStart: number): InlineUnit[] {
  const units: InlineUnit[] = [];
  textblock.forEach((child, offset) => {
    const marks = new Set(child.marks.map((mark) => mark.type.name));
    const link = child.marks.find((mark) => mark.type.name === 'link');
    const base = {
      bold: marks.has('bold'),
      italic: marks.has('italic'),
      strike: marks.has('strike'),
      code: marks.has('code'),
      href: link ? String(link.attrs.href ?? '') : null,
      dropped: false,
    };
    if (child.isText) {
      const text = child.text ?? '';
      for (let index = 0; index < text.length; index++) {
        // A block is one line: line breaks and tabs inside text become spaces.
        const unit = /[\n\r\t\v\f]/.test(text[index]) ? ' ' : text[index];
        units.push({ pos: contentStart + offset + index, unit, citation: null, image: null, ...base });
      }
    } else if (child.type.name === 'citation') {
      // A footnote call cannot sit inside link text.
      units.push({ pos: contentStart + offset, unit: '', citation: String(child.attrs.n), image: null, ...base, href: null });
    } else if (child.type.name === 'image') {
      const image = writeImage(
        String(child.attrs.src ?? ''),
        String(child.attrs.alt ?? ''),
        child.attrs.title ? String(child.attrs.title) : null,
      );
      units.push({ pos: contentStart + offset, unit: '', citation: null, image, ...base });
    }
  });
  keepSurrogatePairsTogether(units);
  dropEdgeWhitespace(units);
  return units;
}

export const isWhitespaceUnit = (unit: InlineUnit) => isTextUnit(unit) && /\s/.test(unit.unit);
const isHighSurrogate = (unit: string) => /[\uD800-\uDBFF]/.test(unit);

/** A mark boundary between two halves of an emoji would split it in the text. */
function keepSurrogatePairsTogether(units: InlineUnit[]): void {
  for (let index = 0; index + 1 < units.length; index++) {
    if (isTextUnit(units[index]) && isHighSurrogate(units[index].unit)) {
      const { bold, italic, strike, code, href } = units[index];
      Object.assign(units[index + 1], { bold, italic, strike, code, href });
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
