import type { RootContent } from 'hast';
import { createElement, Fragment, memo, type ReactNode } from 'react';
import { highlightCode, type ProseMirrorJSON } from '@/lib/documents/canvas';

/**
 * A section drawn from the canvas schema's JSON without an editor: the same
 * elements TipTap's renderHTML writes (so mounting the editor later does not
 * move the text), but no ProseMirror view, which keeps a long document cheap
 * to open and to scroll. It renders on the server too.
 */
export const StaticSection = memo(function StaticSection({ doc }: { doc: ProseMirrorJSON }) {
  return <>{renderChildren(doc)}</>;
});

function renderChildren(node: ProseMirrorJSON): ReactNode[] {
  return (node.content ?? []).map((child, index) => renderNode(child, index));
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

function renderNode(node: ProseMirrorJSON, key: number): ReactNode {
  switch (node.type) {
    case 'text':
      return renderMarks(node, key);
    case 'citation': {
      const n = String(node.attrs?.n ?? '1');
      return createElement('sup', { key, 'data-citation': n }, `[${n}]`);
    }
    case 'heading':
      return createElement(`h${Number(node.attrs?.level ?? 2)}`, { key }, renderChildren(node));
    case 'orderedList': {
      const start = Number(node.attrs?.start ?? 1);
      return createElement('ol', { key, start: start === 1 ? undefined : start }, renderChildren(node));
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
            <tbody>{renderChildren(node)}</tbody>
          </table>
        </div>
      );
    default: {
      const tag = BLOCK_TAG[node.type ?? ''] ?? 'div';
      return createElement(tag, { key }, renderChildren(node));
    }
  }
}

function renderMarks(node: ProseMirrorJSON, key: number): ReactNode {
  let element: ReactNode = node.text ?? '';
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
