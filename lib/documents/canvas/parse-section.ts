import type { Definition, Nodes, Parent, PhrasingContent, Root, RootContent, TableRow } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

import type { MarkJSON, ProseMirrorJSON } from './prosemirror-json';

const markdownParser = unified().use(remarkParse).use(remarkGfm);

const CITATION_LABEL = /\[\^([^\][\s\\]+)\]/g;

/**
 * Parses Markdown (canonical or not: model output, a pasted README) into the
 * canvas schema's JSON. Anything outside the subset degrades to text of the
 * nearest supported node and never disappears: raw HTML is kept as literal
 * text. Link reference definitions become the destinations of the links that
 * use them (one no link uses shows nothing in any renderer and is not kept).
 */
export function parseSection(markdown: string): ProseMirrorJSON {
  // GFM only recognises `[^n]` as a footnote call when `[^n]: …` is defined.
  // Sections cite facts kept outside the body, so we define every label
  // ahead of the text; an escaped `\[^1]` stays literal text, as in any
  // renderer. Ahead, not after: a fence or HTML block the text leaves open
  // would swallow definitions written after it (no citation would be one,
  // and the definitions would show inside the code). An HTML comment ends
  // the definitions, so an indented first line cannot continue one.
  const labels = new Set<string>();
  for (const match of markdown.matchAll(CITATION_LABEL)) labels.add(match[1]);
  const definitions = [...labels].map((label) => `[^${label}]: citation\n`).join('');
  const prelude = definitions ? `${definitions}\n<!-- -->\n\n` : '';
  const tree = markdownParser.parse(prelude + markdown) as Root;
  const ownChildren = tree.children.filter((node) => (node.position?.start.offset ?? 0) >= prelude.length);
  linkDefinitions = collectDefinitions(tree);
  try {
    return { type: 'doc', content: blocksOrEmptyParagraph(convertBlocks(ownChildren)) };
  } finally {
    linkDefinitions = new Map();
  }
}

/** The definitions of the document being converted (parsing is synchronous, so one at a time). */
let linkDefinitions = new Map<string, Definition>();

function collectDefinitions(tree: Root): Map<string, Definition> {
  const found = new Map<string, Definition>();
  const walk = (node: Nodes) => {
    // The first definition of a label wins, as in CommonMark.
    if (node.type === 'definition' && !found.has(node.identifier)) found.set(node.identifier, node);
    if ('children' in node) for (const child of node.children) walk(child as Nodes);
  };
  walk(tree);
  return found;
}

function convertBlocks(nodes: RootContent[]): ProseMirrorJSON[] {
  return nodes.flatMap(convertBlock);
}

/** Containers in the schema need at least one block (`block+`). */
function blocksOrEmptyParagraph(blocks: ProseMirrorJSON[]): ProseMirrorJSON[] {
  const nonEmpty = blocks.filter((block) => block.type !== 'paragraph' || (block.content?.length ?? 0) > 0);
  return nonEmpty.length > 0 ? nonEmpty : [{ type: 'paragraph' }];
}

function paragraph(content: ProseMirrorJSON[]): ProseMirrorJSON {
  return content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' };
}

function convertBlock(node: RootContent): ProseMirrorJSON[] {
  switch (node.type) {
    case 'paragraph':
      return [paragraph(convertInline(node.children))];
    case 'heading': {
      const content = convertInline(node.children);
      return [{ type: 'heading', attrs: { level: node.depth }, ...(content.length ? { content } : {}) }];
    }
    case 'blockquote':
      return [{ type: 'blockquote', content: blocksOrEmptyParagraph(convertBlocks(node.children)) }];
    case 'list': {
      const items = node.children.map((item) => {
        const blocks = convertBlocks(item.children).filter(
          (block, index) => index === 0 || block.type !== 'paragraph' || block.content?.length,
        );
        // A task item keeps its box as the text it was written as: `[x] done`
        // is written back unescaped, so it reads as a task again.
        if (typeof item.checked === 'boolean') {
          const box = { type: 'text', text: item.checked ? '[x] ' : '[ ] ' };
          if (blocks[0]?.type === 'paragraph') blocks[0] = paragraph(mergeTexts([box, ...(blocks[0].content ?? [])]));
          else blocks.unshift(paragraph([box]));
        }
        // listItem is `paragraph block*`: an item that opens with a heading,
        // quote or nested list gets the empty paragraph the schema demands.
        if (blocks[0]?.type !== 'paragraph') blocks.unshift({ type: 'paragraph' });
        return { type: 'listItem', content: blocks };
      });
      return node.ordered
        ? [{ type: 'orderedList', attrs: { start: node.start ?? 1, type: null }, content: items }]
        : [{ type: 'bulletList', content: items }];
    }
    case 'table':
      return [convertTable(node.children)];
    case 'code': {
      const attrs = { language: node.lang ?? null, meta: node.meta ?? null };
      return [{ type: 'codeBlock', attrs, ...(node.value ? { content: [{ type: 'text', text: node.value }] } : {}) }];
    }
    case 'html':
      return [paragraph(textRun(node.value, []))];
    case 'thematicBreak':
      return [{ type: 'horizontalRule' }];
    case 'footnoteDefinition': {
      // A definition written in the body is kept as text led by its chip.
      const [first, ...rest] = convertBlocks(node.children);
      const lead = [{ type: 'citation', attrs: { n: node.label ?? node.identifier } }, ...textRun(': ', [])];
      const head = paragraph(mergeTexts([...lead, ...(first?.type === 'paragraph' ? (first.content ?? []) : [])]));
      return [head, ...(first && first.type !== 'paragraph' ? [first] : []), ...rest];
    }
    default:
      // definition: resolved into the links that use it.
      return [];
  }
}

function convertTable(rows: TableRow[]): ProseMirrorJSON {
  const columns = Math.max(1, rows[0]?.children.length ?? 1);
  const content = rows.map((row, rowIndex) => {
    const cells: ProseMirrorJSON[] = [];
    for (let column = 0; column < columns; column++) {
      const cell = row.children[column];
      cells.push({
        type: rowIndex === 0 ? 'tableHeader' : 'tableCell',
        content: [paragraph(cell ? convertInline(cell.children) : [])],
      });
    }
    return { type: 'tableRow', content: cells };
  });
  return { type: 'table', content };
}

function convertInline(nodes: PhrasingContent[]): ProseMirrorJSON[] {
  const out: ProseMirrorJSON[] = [];
  for (const node of nodes) out.push(...inlineNode(node, []));
  const merged = mergeTexts(out);
  return trimEdges(merged);
}

function inlineNode(node: Nodes, marks: MarkJSON[]): ProseMirrorJSON[] {
  const children = (parent: Parent, extra: MarkJSON[]) =>
    parent.children.flatMap((child) => inlineNode(child as Nodes, withMarks(marks, extra)));
  switch (node.type) {
    case 'text':
      // Soft line breaks have no place in a one-line-per-block canonical form.
      return textRun(node.value.replace(/\s*\n\s*/g, ' '), marks);
    case 'inlineCode':
      return textRun(node.value.replace(/\n/g, ' '), withMarks(marks, [{ type: 'code' }]));
    case 'html':
      return textRun(node.value.replace(/\n/g, ' '), marks);
    case 'break':
      return textRun(' ', marks);
    case 'strong':
      return children(node, [{ type: 'bold' }]);
    case 'emphasis':
      return children(node, [{ type: 'italic' }]);
    case 'link':
      return children(node, [{ type: 'link', attrs: { href: node.url } }]);
    case 'delete':
      return children(node, [{ type: 'strike' }]);
    case 'linkReference': {
      const definition = linkDefinitions.get(node.identifier);
      return children(node, definition ? [{ type: 'link', attrs: { href: definition.url } }] : []);
    }
    case 'image':
    case 'imageReference': {
      const target = node.type === 'image' ? node : linkDefinitions.get(node.identifier);
      if (!target) return textRun(node.alt ?? '', marks);
      const image: ProseMirrorJSON = { type: 'image', attrs: { src: target.url, alt: node.alt ?? '', title: target.title ?? null } };
      return [marks.length ? { ...image, marks } : image];
    }
    case 'footnoteReference': {
      const citationMarks = marks.filter((mark) => mark.type !== 'link');
      const citation: ProseMirrorJSON = { type: 'citation', attrs: { n: node.label ?? node.identifier } };
      return [citationMarks.length ? { ...citation, marks: citationMarks } : citation];
    }
    default:
      return [];
  }
}

/** Marks as a set: nested `**` inside `**` must not add a second bold. */
function withMarks(marks: MarkJSON[], extra: MarkJSON[]): MarkJSON[] {
  const result = marks.filter((mark) => !extra.some((added) => added.type === mark.type));
  return [...result, ...extra];
}

function textRun(text: string, marks: MarkJSON[]): ProseMirrorJSON[] {
  if (!text) return [];
  return [marks.length ? { type: 'text', text, marks } : { type: 'text', text }];
}

const sameMarks = (a: MarkJSON[] = [], b: MarkJSON[] = []) =>
  a.length === b.length && a.every((mark) => b.some((other) => JSON.stringify(other) === JSON.stringify(mark)));

function mergeTexts(nodes: ProseMirrorJSON[]): ProseMirrorJSON[] {
  const out: ProseMirrorJSON[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (node.type === 'text' && last?.type === 'text' && sameMarks(last.marks, node.marks)) {
      out[out.length - 1] = { ...last, text: `${last.text}${node.text}` };
    } else {
      out.push(node);
    }
  }
  return out;
}

/** Block text never starts or ends with whitespace in Markdown. */
function trimEdges(nodes: ProseMirrorJSON[]): ProseMirrorJSON[] {
  const out = [...nodes];
  const first = out[0];
  if (first?.type === 'text') out[0] = { ...first, text: first.text!.replace(/^\s+/, '') };
  const lastIndex = out.length - 1;
  const last = out[lastIndex];
  if (last?.type === 'text') out[lastIndex] = { ...last, text: last.text!.replace(/\s+$/, '') };
  return out.filter((node) => node.type !== 'text' || node.text);
}
