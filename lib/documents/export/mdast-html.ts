import type { Nodes, RootContent } from 'mdast';

import { codeLanguage, highlightCode } from '../canvas/code-highlight';
import { hastToHtml } from './hast-html';
import { isSafeLink, splitCitations } from './section-tree';

export interface FootnoteRefs {
  /** footnote number → how many times it was referenced so far */
  seen: Map<number, number>;
}

interface RenderOptions {
  /** added to every heading depth (capped at 6) so a section's headings sit under its h2 */
  headingOffset: number;
  refs: FootnoteRefs;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The canonical Markdown subset (docs/architecture.md) to HTML; raw HTML in the source is escaped, never passed through. */
export function renderBlocks(nodes: RootContent[], options: RenderOptions): string {
  return nodes.map((node) => renderNode(node, options)).join('\n');
}

function renderNode(node: Nodes, o: RenderOptions): string {
  const inner = () => ('children' in node ? (node.children as Nodes[]).map((child) => renderNode(child, o)).join('') : '');
  switch (node.type) {
    case 'paragraph':
      return `<p>${inner()}</p>`;
    case 'heading': {
      const depth = Math.min(6, node.depth + o.headingOffset);
      return `<h${depth}>${inner()}</h${depth}>`;
    }
    case 'text':
      return renderText(node.value, o.refs);
    case 'emphasis':
      return `<em>${inner()}</em>`;
    case 'strong':
      return `<strong>${inner()}</strong>`;
    case 'delete':
      return `<del>${inner()}</del>`;
    case 'inlineCode':
      return `<code>${escapeHtml(node.value)}</code>`;
    case 'code': {
      // Highlighted as on the canvas (lowlight's hast → HTML), with the language named for the reader.
      const language = codeLanguage(node.lang);
      const label = language ? ` class="language-${language}"` : '';
      return `<pre><code${label}>${hastToHtml(highlightCode(node.value, language).children)}</code></pre>`;
    }
    case 'break':
      return '<br>';
    case 'thematicBreak':
      return '<hr>';
    case 'link':
      return isSafeLink(node.url) ? `<a href="${escapeHtml(node.url)}">${inner()}</a>` : inner();
    case 'image':
      return escapeHtml(node.alt ?? '');
    case 'blockquote':
      return `<blockquote>${inner()}</blockquote>`;
    case 'list': {
      const tag = node.ordered ? 'ol' : 'ul';
      const start = node.ordered && node.start && node.start !== 1 ? ` start="${node.start}"` : '';
      return `<${tag}${start}>${node.children.map((item) => renderNode(item, o)).join('')}</${tag}>`;
    }
    case 'listItem':
      // tight list items hold one paragraph: render its content without the <p>
      return `<li>${node.children.map((child) => (child.type === 'paragraph' && !node.spread ? child.children.map((c) => renderNode(c, o)).join('') : renderNode(child, o))).join('')}</li>`;
    case 'table': {
      const [head, ...rows] = node.children;
      const cells = (row: typeof head, tag: 'th' | 'td') =>
        `<tr>${row.children.map((cell) => `<${tag}${tag === 'th' ? ' scope="col"' : ''}>${cell.children.map((c) => renderNode(c, o)).join('')}</${tag}>`).join('')}</tr>`;
      return `<table><thead>${head ? cells(head, 'th') : ''}</thead><tbody>${rows.map((row) => cells(row, 'td')).join('')}</tbody></table>`;
    }
    case 'html':
      return escapeHtml(node.value);
    default:
      return inner();
  }
}

/** Text with the citation markers turned into accessible footnote links. */
function renderText(value: string, refs: FootnoteRefs): string {
  return splitCitations(value)
    .map((piece) => {
      if ('text' in piece) return escapeHtml(piece.text);
      const n = piece.footnote;
      const count = (refs.seen.get(n) ?? 0) + 1;
      refs.seen.set(n, count);
      const id = count === 1 ? `fnref-${n}` : `fnref-${n}-${count}`;
      return `<sup><a href="#fn-${n}" id="${id}" role="doc-noteref" aria-label="Source ${n}">${n}</a></sup>`;
    })
    .join('');
}
