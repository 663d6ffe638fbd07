import fc from 'fast-check';

import type { ProseMirrorJSON } from '@/lib/documents/canvas';

/**
 * fast-check generators of canvas documents for the property tests: text
 * from Latin, Cyrillic, CJK and emoji alphabets plus the characters Markdown
 * gives meaning to, so escaping and mark flanking are exercised.
 */
const LETTERS = [...'abzXYZ', ...'жёЖЯ', ...'你好世界', '😀', '🎉', '👍🏽'];
const MARKDOWN_CHARS = [...' .,!?*_#[]|\\()<>&-+1:`~^"', ' ', ' '];

const textArbitrary = fc
  .array(fc.constantFrom(...LETTERS, ...LETTERS, ...MARKDOWN_CHARS), { minLength: 1, maxLength: 10 })
  .map((chars) => chars.join(''));

const inlineArbitrary: fc.Arbitrary<ProseMirrorJSON[]> = fc
  .array(
    fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          text: textArbitrary,
          bold: fc.boolean(),
          italic: fc.boolean(),
          strike: fc.constantFrom(false, false, true),
          code: fc.constantFrom(false, false, false, true),
          link: fc.option(fc.constantFrom('https://a.example/x', 'https://b.example/y?q=1'), { freq: 4 }),
        }),
      },
      { weight: 1, arbitrary: fc.record({ citation: fc.constantFrom('1', '2', '12', 'src3'), bold: fc.boolean() }) },
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((pieces) =>
    pieces.map((piece): ProseMirrorJSON => {
      if ('citation' in piece) {
        return { type: 'citation', attrs: { n: piece.citation }, ...(piece.bold ? { marks: [{ type: 'bold' }] } : {}) };
      }
      const marks = [
        ...(piece.link ? [{ type: 'link', attrs: { href: piece.link } }] : []),
        ...(piece.bold ? [{ type: 'bold' }] : []),
        ...(piece.italic ? [{ type: 'italic' }] : []),
        ...(piece.strike ? [{ type: 'strike' }] : []),
        ...(piece.code ? [{ type: 'code' }] : []),
      ];
      return { type: 'text', text: piece.text, ...(marks.length ? { marks } : {}) };
    }),
  );

const paragraph = inlineArbitrary.map((content) => ({ type: 'paragraph', content }));

const listArbitrary = (depth: number): fc.Arbitrary<ProseMirrorJSON> =>
  fc
    .record({
      ordered: fc.boolean(),
      start: fc.constantFrom(1, 1, 3, 9),
      items: fc.array(
        fc.tuple(paragraph, depth > 0 ? fc.option(fc.oneof(listArbitrary(depth - 1), codeBlockArbitrary), { freq: 3 }) : fc.constant(null)),
        { minLength: 1, maxLength: 3 },
      ),
    })
    .map(({ ordered, start, items }) => ({
      type: ordered ? 'orderedList' : 'bulletList',
      ...(ordered ? { attrs: { start } } : {}),
      content: items.map(([first, nested]) => ({ type: 'listItem', content: nested ? [first, nested] : [first] })),
    }));

const tableArbitrary = fc
  .record({ columns: fc.integer({ min: 1, max: 3 }), rows: fc.integer({ min: 1, max: 3 }) })
  .chain(({ columns, rows }) =>
    fc.array(fc.array(inlineArbitrary, { minLength: columns, maxLength: columns }), { minLength: rows, maxLength: rows }),
  )
  .map((rows) => ({
    type: 'table',
    content: rows.map((cells, rowIndex) => ({
      type: 'tableRow',
      content: cells.map((content) => ({ type: rowIndex === 0 ? 'tableHeader' : 'tableCell', content: [{ type: 'paragraph', content }] })),
    })),
  }));

/** Code as people paste it: fences, backticks, tabs, blank lines, markup characters written as is. */
const CODE_CHARS = [...'ab{}();=', ...'жй你', '😀', '`', '```', '~~~', '*', '|', '\\', '<', ' ', '  ', '\t', '\n', '\n', '\n\n'];
const codeBlockArbitrary: fc.Arbitrary<ProseMirrorJSON> = fc
  .record({
    code: fc.array(fc.constantFrom(...CODE_CHARS), { minLength: 0, maxLength: 12 }).map((chars) => chars.join('')),
    language: fc.constantFrom(null, 'js', 'python', 'ruby'),
  })
  .map(({ code, language }) => ({ type: 'codeBlock', attrs: { language }, ...(code ? { content: [{ type: 'text', text: code }] } : {}) }));

const blockArbitrary: fc.Arbitrary<ProseMirrorJSON> = fc.oneof(
  { weight: 4, arbitrary: paragraph },
  {
    weight: 2,
    arbitrary: fc
      .record({ level: fc.integer({ min: 1, max: 6 }), content: inlineArbitrary })
      .map(({ level, content }) => ({ type: 'heading', attrs: { level }, content })),
  },
  { weight: 2, arbitrary: listArbitrary(2) },
  { weight: 1, arbitrary: fc.array(paragraph, { minLength: 1, maxLength: 2 }).map((content) => ({ type: 'blockquote', content })) },
  { weight: 1, arbitrary: tableArbitrary },
  { weight: 1, arbitrary: codeBlockArbitrary },
);

export const documentArbitrary: fc.Arbitrary<ProseMirrorJSON> = fc
  .array(blockArbitrary, { minLength: 1, maxLength: 5 })
  .map((content) => ({ type: 'doc', content }));
