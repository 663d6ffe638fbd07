import { rangeToSelection, type ProseMirrorJSON } from '@/lib/documents/canvas';
import { highlightCode } from '@/lib/documents/canvas/code-highlight';
import { hastToHtml } from '@/lib/documents/export/hast-html';
import { escapeHtml } from '@/lib/documents/export/mdast-html';

/** A fact-check flag as offsets into the section's canonical text. */
export interface StaticFlag {
  start: number;
  end: number;
}

/**
 * A section drawn from the canvas schema's JSON without an editor: the same
 * elements TipTap's renderHTML writes (so mounting the editor on it does not
 * move the text), with the fact check's flags as the editor's highlight
 * spans. One HTML string rather than React elements: the page carries it as
 * one compact string, and hydration adopts it without walking its nodes.
 * Every text and attribute is escaped; no markup of the section's own passes through.
 */
export function staticSectionHtml(doc: ProseMirrorJSON, flags: StaticFlag[] = []): string {
  // Flags are offsets into the Markdown; the editor highlights them at document positions.
  const flagged = flags.map((flag) => rangeToSelection(doc, flag.start, flag.end)).filter((range) => range.from < range.to);
  return renderChildren(doc, 0, flagged);
}

type Ranges = Array<{ from: number; to: number }>;

/** Inline atoms and the rule: one position each, as in ProseMirror. */
const LEAF_TYPES = new Set(['citation', 'image', 'horizontalRule', 'hardBreak']);

function nodeSize(node: ProseMirrorJSON): number {
  if (node.type === 'text') return node.text?.length ?? 0;
  if (LEAF_TYPES.has(node.type ?? '')) return 1;
  return 2 + (node.content ?? []).reduce((sum, child) => sum + nodeSize(child), 0);
}

/** `start` is the document position where the node's content begins. */
function renderChildren(node: ProseMirrorJSON, start: number, flagged: Ranges): string {
  let pos = start;
  let html = '';
  for (const child of node.content ?? []) {
    html += renderNode(child, pos, flagged);
    pos += nodeSize(child);
  }
  return html;
}

const BLOCK_TAG: Record<string, string> = {
  paragraph: 'p',
  blockquote: 'blockquote',
  bulletList: 'ul',
  listItem: 'li',
  tableRow: 'tr',
  tableHeader: 'th',
  tableCell: 'td',
};

function renderNode(node: ProseMirrorJSON, pos: number, flagged: Ranges): string {
  const inner = () => renderChildren(node, pos + 1, flagged);
  switch (node.type) {
    case 'text':
      return renderMarks(node, renderText(node.text ?? '', pos, flagged));
    case 'citation': {
      const n = escapeHtml(String(node.attrs?.n ?? '1'));
      return `<sup data-citation="${n}">[${n}]</sup>`;
    }
    case 'heading': {
      const level = Math.min(6, Math.max(1, Number(node.attrs?.level ?? 2) || 2));
      return `<h${level}>${inner()}</h${level}>`;
    }
    case 'orderedList': {
      const start = Number(node.attrs?.start ?? 1);
      return Number.isInteger(start) && start !== 1 ? `<ol start="${start}">${inner()}</ol>` : `<ol>${inner()}</ol>`;
    }
    case 'codeBlock': {
      // The same <pre><code class="language-…"> and hljs spans the editor's lowlight plugin draws.
      const language = node.attrs?.language ? String(node.attrs.language) : null;
      const code = (node.content ?? []).map((child) => child.text ?? '').join('');
      const className = language ? ` class="language-${escapeHtml(language)}"` : '';
      return `<pre><code${className}>${hastToHtml(highlightCode(code, language).children)}</code></pre>`;
    }
    case 'horizontalRule':
      return '<hr>';
    case 'image': {
      const title = node.attrs?.title ? ` title="${escapeHtml(String(node.attrs.title))}"` : '';
      return `<img src="${escapeHtml(String(node.attrs?.src ?? ''))}" alt="${escapeHtml(String(node.attrs?.alt ?? ''))}"${title} loading="lazy">`;
    }
    case 'table':
      return `<div class="tableWrapper"><table><tbody>${inner()}</tbody></table></div>`;
    default: {
      const tag = BLOCK_TAG[node.type ?? ''] ?? 'div';
      return `<${tag}>${inner()}</${tag}>`;
    }
  }
}

/** A text node's characters, with the flagged stretches in the editor's highlight span. */
function renderText(text: string, pos: number, flagged: Ranges): string {
  const cuts = flagged.filter((range) => range.from < pos + text.length && range.to > pos);
  if (cuts.length === 0) return escapeHtml(text);
  let html = '';
  let at = 0;
  for (const range of cuts) {
    const from = Math.max(range.from - pos, at);
    const to = Math.min(range.to - pos, text.length);
    if (from >= to) continue;
    if (from > at) html += escapeHtml(text.slice(at, from));
    html += `<span class="canvas-flagged" data-highlight="flagged">${escapeHtml(text.slice(from, to))}</span>`;
    at = to;
  }
  if (at < text.length) html += escapeHtml(text.slice(at));
  return html;
}

function renderMarks(node: ProseMirrorJSON, text: string): string {
  let html = text;
  for (const mark of node.marks ?? []) {
    if (mark.type === 'bold') html = `<strong>${html}</strong>`;
    else if (mark.type === 'italic') html = `<em>${html}</em>`;
    else if (mark.type === 'strike') html = `<s>${html}</s>`;
    else if (mark.type === 'code') html = `<code>${html}</code>`;
    else if (mark.type === 'link')
      html = `<a href="${escapeHtml(safeHref(String(mark.attrs?.href ?? '')))}" target="_blank" rel="noopener noreferrer nofollow">${html}</a>`;
  }
  return html;
}

/** Schemes TipTap's link mark lets through (any other, javascript: first, is dropped as the editor drops it). */
const LINK_SCHEMES = new Set(['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp']);

function safeHref(href: string): string {
  // browsers ignore whitespace and control characters inside a scheme (`java\tscript:`)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: those characters are exactly what must be stripped
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.replace(/[\u0000-\u0020]/g, ''))?.[1];
  return scheme === undefined || LINK_SCHEMES.has(scheme.toLowerCase()) ? href : '';
}
