import type { RootContent } from 'hast';
import { createElement, Fragment, memo, type ReactNode } from 'react';
import { highlightCode, rangeToSelection, type ProseMirrorJSON } from '@/lib/documents/canvas';

/** A fact-check flag as offsets into the section's canonical text. */
export interface StaticFlag {
  start: number;
  end: number;
}

/**
 * A section drawn from the canvas schema's JSON without an editor: the same
 * elements TipTap's renderHTML writes (so mounting the editor on it does not
 * move the text), with the fact check's flags as the editor's highlight
 * spans, but no ProseMirror view. The document page renders these on the
 * server (first paint needs no script); the browser renders one again only
 * when that section's text changes.
 */
export const StaticSection = memo(function StaticSection({ doc, flags = [] }: { doc: ProseMirrorJSON; flags?: StaticFlag[] }) {
  return <>{staticSectionNodes(doc, flags)}</>;
});

/** The elements of a section (a plain function, so a server component can call it without a client boundary). */
export function staticSectionNodes(doc: ProseMirrorJSON, flags: StaticFlag[] = []): ReactNode[] {
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
function renderChildren(node: ProseMirrorJSON, start: number, flagged: Ranges): ReactNode[] {
  let pos = start;
  return (node.content ?? []).map((child, index) => {
    const rendered = renderNode(child, index, pos, flagged);
    pos += nodeSize(child);
    return rendered;
  });
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

function renderNode(node: ProseMirrorJSON, key: number, pos: number, flagged: Ranges): ReactNode {
  const inner = pos + 1;
  switch (node.type) {
    case 'text':
      return renderMarks(node, key, renderText(node.text ?? '', pos, flagged));
    case 'citation': {
      const n = String(node.attrs?.n ?? '1');
      return createElement('sup', { key, 'data-citation': n }, `[${n}]`);
    }
    case 'heading':
      return createElement(`h${Number(node.attrs?.level ?? 2)}`, { key }, renderChildren(node, inner, flagged));
    case 'orderedList': {
      const start = Number(node.attrs?.start ?? 1);
      return createElement('ol', { key, start: start === 1 ? undefined : start }, renderChildren(node, inner, flagged));
    }
    case 'codeBlock': {
      // The same <pre><code class="language-…"> and hljs spans the editor's lowlight plugin draws.
      const language = node.attrs?.language ? String(node.attrs.language) : null;
      const code = (node.content ?? []).map((child) => child.text ?? '').join('');
      return (
        <pre key={key}>
          <code className={language ? `language-${language}` : undefined}>{renderHast(highlightCode(code, language).children)}</code>
        </pre>
      );
    }
    case 'horizontalRule':
      return <hr key={key} />;
    case 'image':
      return createElement('img', {
        key,
        src: String(node.attrs?.src ?? ''),
        alt: String(node.attrs?.alt ?? ''),
        title: node.attrs?.title ? String(node.attrs.title) : undefined,
        loading: 'lazy',
      });
    case 'table':
      return (
        <div key={key} className="tableWrapper">
          <table>
            <tbody>{renderChildren(node, inner, flagged)}</tbody>
          </table>
        </div>
      );
    default: {
      const tag = BLOCK_TAG[node.type ?? ''] ?? 'div';
      return createElement(tag, { key }, renderChildren(node, inner, flagged));
    }
  }
}

/** A text node's characters, with the flagged stretches in the editor's highlight span. */
function renderText(text: string, pos: number, flagged: Ranges): ReactNode {
  const cuts = flagged.filter((range) => range.from < pos + text.length && range.to > pos);
  if (cuts.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const range of cuts) {
    const from = Math.max(range.from - pos, at);
    const to = Math.min(range.to - pos, text.length);
    if (from >= to) continue;
    if (from > at) parts.push(text.slice(at, from));
    parts.push(
      <span key={from} className="canvas-flagged" data-highlight="flagged">
        {text.slice(from, to)}
      </span>,
    );
    at = to;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

function renderMarks(node: ProseMirrorJSON, key: number, text: ReactNode): ReactNode {
  let element: ReactNode = text;
  for (const mark of node.marks ?? []) {
    if (mark.type === 'bold') element = <strong>{element}</strong>;
    else if (mark.type === 'italic') element = <em>{element}</em>;
    else if (mark.type === 'strike') element = <s>{element}</s>;
    else if (mark.type === 'code') element = <code>{element}</code>;
    else if (mark.type === 'link') {
      element = (
        <a href={String(mark.attrs?.href ?? '')} target="_blank" rel="noopener noreferrer nofollow">
          {element}
        </a>
      );
    }
  }
  return <Fragment key={key}>{element}</Fragment>;
}

/** lowlight's hast (elements with classes, and text) as React elements. */
function renderHast(nodes: RootContent[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (node.type === 'text') return node.value;
    if (node.type !== 'element') return null;
    const className = node.properties?.className;
    return createElement(
      node.tagName,
      { key: index, className: Array.isArray(className) ? className.join(' ') : className ? String(className) : undefined },
      renderHast(node.children),
    );
  });
}
