import type { Nodes } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const markdownParser = unified().use(remarkParse).use(remarkGfm);
const BLOCKS = new Set<Nodes['type']>(['heading', 'paragraph', 'code', 'listItem', 'tableCell', 'blockquote', 'thematicBreak']);

/**
 * The words of a piece of Markdown as a reader sees them: no `**`, `#`, link
 * targets or table pipes; blocks and cells separated by a space. For snippets
 * (a search hit), not for storage: raw HTML is dropped.
 */
export function plainTextOfMarkdown(markdown: string): string {
  const parts: string[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'html') return;
    if ('value' in node) parts.push(node.value);
    else if (node.type === 'image') parts.push(node.alt ?? '');
    else if (node.type === 'break') parts.push(' ');
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
    // a heading, paragraph, code block, list item or cell ends: the next one is a new word
    if (BLOCKS.has(node.type)) parts.push(' ');
  };
  visit(markdownParser.parse(markdown));
  return parts.join('').replace(/\s+/g, ' ').trim();
}
