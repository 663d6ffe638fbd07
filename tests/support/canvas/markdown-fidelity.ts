import type { Definition, Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

import { canvasSchema } from '@/lib/documents/canvas/editor-extensions';
import { docPosToOffset, offsetToDocPos } from '@/lib/documents/canvas/offset-map';
import { parseSection } from '@/lib/documents/canvas/parse-section';
import { canonicalize, serializeWithMap } from '@/lib/documents/canvas/serialize-section';

/**
 * What a reader gets from a piece of Markdown, read by remark (a parser
 * independent of the canvas's own tree): the words in order, the link
 * destinations and image sources, and each code block's info and content.
 * Canonicalising must keep all of it. Raw HTML counts as words: the canvas
 * keeps it as literal text.
 */
export interface MarkdownContent {
  words: string[];
  links: string[];
  images: string[];
  code: Array<{ info: string; value: string }>;
  tasks: Array<boolean | null>;
  /** the text of each strikethrough */
  struck: string[];
  /** each table's shape: rows × columns */
  tables: string[];
  /** raw HTML the source holds (kept by the canvas as literal text) */
  html: number;
}

const reader = unified().use(remarkParse).use(remarkGfm);

export function markdownContent(markdown: string): MarkdownContent {
  const tree = reader.parse(markdown) as Root;
  const definitions = new Map<string, Definition>();
  visit(tree, (node) => {
    if (node.type === 'definition' && !definitions.has(node.identifier)) definitions.set(node.identifier, node);
  });
  const content: MarkdownContent = { words: [], links: [], images: [], code: [], tasks: [], struck: [], tables: [], html: 0 };
  let text = '';
  let tableWidth: number | null = null;
  const flush = () => {
    content.words.push(...text.split(/\s+/).filter(Boolean));
    text = '';
  };
  visit(tree, (node, parent) => {
    switch (node.type) {
      case 'paragraph':
      case 'heading':
      case 'tableCell':
        flush();
        break;
      case 'tableRow':
        // GFM ignores cells beyond the header's count: no renderer shows them.
        if (tableWidth !== null) node.children.splice(tableWidth);
        break;
      case 'text':
      case 'inlineCode':
        text += node.value;
        break;
      case 'html':
        content.html++;
        // Inline HTML runs on with the text around it; an HTML block is a block of its own.
        if (parent && PHRASING_PARENTS.has(parent.type)) text += node.value;
        else {
          flush();
          text += node.value;
          flush();
        }
        break;
      case 'break':
        text += ' ';
        break;
      case 'footnoteReference':
        text += `[^${node.label ?? node.identifier}]`;
        break;
      case 'link':
        content.links.push(node.url);
        break;
      case 'linkReference': {
        const definition = definitions.get(node.identifier);
        if (definition) content.links.push(definition.url);
        break;
      }
      case 'image':
        content.images.push(node.url);
        text += node.alt ?? '';
        break;
      case 'imageReference': {
        const definition = definitions.get(node.identifier);
        if (definition) content.images.push(definition.url);
        text += node.alt ?? '';
        break;
      }
      case 'code':
        flush();
        content.code.push({ info: [node.lang, node.meta].filter(Boolean).join(' '), value: node.value });
        break;
      case 'listItem':
        content.tasks.push(node.checked ?? null);
        break;
      case 'delete':
        content.struck.push(plainText(node));
        break;
      case 'table':
        tableWidth = node.children[0]?.children.length ?? 0;
        content.tables.push(`${node.children.length}×${tableWidth}`);
        break;
      default:
        break;
    }
  });
  flush();
  return content;
}

function plainText(node: Nodes): string {
  if ('value' in node) return node.value;
  return 'children' in node ? node.children.map((child) => plainText(child as Nodes)).join('') : '';
}

const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'tableCell', 'emphasis', 'strong', 'delete', 'link', 'linkReference']);

function visit(node: Nodes, enter: (node: Nodes, parent: Nodes | null) => void, parent: Nodes | null = null): void {
  enter(node, parent);
  if ('children' in node) for (const child of node.children) visit(child as Nodes, enter, node);
}

export interface FidelityReport {
  canonical: string;
  problems: string[];
  html: boolean;
}

/**
 * Canonicalises `markdown` and lists every way the result falls short: not
 * idempotent, a word, link, image or code block changed, or an editor
 * position that does not map back to itself through the canonical text.
 */
export function checkFidelity(markdown: string): FidelityReport {
  const problems: string[] = [];
  let canonical = '';
  try {
    canonical = canonicalize(markdown);
  } catch (error) {
    return { canonical, problems: [`throws: ${String(error)}`], html: false };
  }
  const before = markdownContent(markdown);
  const after = markdownContent(canonical);
  const again = canonicalize(canonical);
  if (again !== canonical) problems.push(`not idempotent: ${JSON.stringify(canonical)} → ${JSON.stringify(again)}`);
  const compare = (what: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) problems.push(`${what}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
  };
  compare('words', before.words, after.words);
  compare('links', before.links, after.links);
  compare('images', before.images, after.images);
  compare('code', before.code, after.code);
  compare('tasks', before.tasks, after.tasks);
  compare('strikethrough', before.struck, after.struck);
  compare('tables', before.tables, after.tables);
  problems.push(...offsetMapProblems(canonical));
  return { canonical, problems, html: before.html > 0 };
}

/** Every text position maps to an offset and back to itself; code maps character for character. */
export function offsetMapProblems(canonical: string): string[] {
  const doc = canvasSchema.nodeFromJSON(parseSection(canonical));
  const { text, map } = serializeWithMap(doc);
  const problems: string[] = [];
  if (text !== canonical) problems.push('the editor document does not serialize to the canonical text');
  for (const block of map.blocks) {
    for (let pos = block.contentStart; pos <= block.contentEnd; pos++) {
      const back = offsetToDocPos(map, docPosToOffset(map, pos));
      if (back !== pos) problems.push(`offset map: position ${pos} comes back as ${back}`);
    }
  }
  doc.descendants((node, pos) => {
    if (node.type.name !== 'codeBlock') return true;
    const code = node.textContent;
    for (let index = 0; index < code.length; index++) {
      if (text[docPosToOffset(map, pos + 1 + index)] !== code[index]) {
        problems.push(`offset map: code character ${index} is not where its position maps`);
        break;
      }
    }
    return false;
  });
  return problems.slice(0, 5);
}
