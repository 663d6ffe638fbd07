import fc from 'fast-check';

import { serializeSection, type ProseMirrorJSON } from '@/lib/documents/canvas';
import { documentArbitrary } from './canvas-arbitraries';

/**
 * What the document arbitraries leave out and the static HTML must still
 * draw as the editor does: links the editor will not follow (its URL check
 * writes `href=""`), code in languages lowlight does not know (the editor
 * guesses them) or spells differently, images, rules, empty paragraphs and
 * text ending in a newline (both end in ProseMirror's trailing break).
 */
const HREFS = [
  'https://a.example/x?q=1&r="2"',
  'javascript:alert(1)',
  'java\tscript:x',
  ' JAVASCRIPT:x',
  'java\u00a0script:x',
  'data:text/html,x',
  'vbscript:x',
  'a1b:x',
  'mailto:a@b.example',
  '/relative',
  '#top',
  '',
];
const LANGUAGES = [null, 'js', 'JS', 'python', 'c++', 'nosuchlanguage', ''];
const IMAGES: ProseMirrorJSON[] = [
  { type: 'image', attrs: { src: 'https://a.example/a.png', alt: 'a "chart" <1>', title: null } },
  { type: 'image', attrs: { src: 'b.png?x=1&y=2', alt: '', title: 'Fig & "2"' } },
];

/** Picks the variants from a stream of numbers, in document order. */
function vary(doc: ProseMirrorJSON, picks: number[]): ProseMirrorJSON {
  let next = 0;
  const pick = <T>(options: readonly T[]): T => options[(picks[next++ % picks.length] ?? 0) % options.length];
  const visit = (node: ProseMirrorJSON): ProseMirrorJSON => {
    if (node.type === 'citation' && pick([false, true])) return { ...pick(IMAGES), ...(node.marks ? { marks: node.marks } : {}) };
    if (node.type === 'codeBlock') return { ...node, attrs: { ...node.attrs, language: pick(LANGUAGES) } };
    const marks = node.marks?.map((mark) => (mark.type === 'link' ? { ...mark, attrs: { href: pick(HREFS) } } : mark));
    let content = node.content?.map(visit);
    if (node.type === 'paragraph' && content) {
      const variant = pick(['keep', 'keep', 'keep', 'empty', 'newline'] as const);
      if (variant === 'empty') content = [];
      if (variant === 'newline') content = [...content, { type: 'text', text: '\n' }];
    }
    if (node.type === 'doc' && content)
      content = content.flatMap((block) => (pick([false, false, true]) ? [block, { type: 'horizontalRule' }] : [block]));
    return { ...node, ...(marks ? { marks } : {}), ...(content ? { content } : {}) };
  };
  return visit(doc);
}

/** A canvas document with its variants, and fact-check flags: ranges of its canonical text, in any order, overlapping or not. */
export const flaggedDocumentArbitrary: fc.Arbitrary<{ doc: ProseMirrorJSON; flags: Array<{ start: number; end: number }> }> = fc
  .tuple(documentArbitrary, fc.array(fc.nat(), { minLength: 1, maxLength: 40 }))
  .map(([doc, picks]) => vary(doc, picks))
  .chain((doc) => {
    const length = serializeSection(doc).length;
    const flag = fc.tuple(fc.nat(length), fc.nat(length)).map(([a, b]) => ({ start: Math.min(a, b), end: Math.max(a, b) }));
    return fc.record({ doc: fc.constant(doc), flags: fc.array(flag, { maxLength: 4 }) });
  });
