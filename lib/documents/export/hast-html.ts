import type { RootContent } from 'hast';

import { escapeHtml } from './mdast-html';

/**
 * The small part of hast a highlighter produces (spans with classes, and text)
 * as HTML. Text is escaped and only the class attribute is written, so code
 * can never inject markup into an export.
 */
export function hastToHtml(nodes: RootContent[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return escapeHtml(node.value);
      if (node.type !== 'element') return '';
      const className = node.properties?.className;
      const classes = Array.isArray(className) ? className.join(' ') : className ? String(className) : '';
      const tag = /^[a-z][a-z0-9]*$/.test(node.tagName) ? node.tagName : 'span';
      return `<${tag}${classes ? ` class="${escapeHtml(classes)}"` : ''}>${hastToHtml(node.children)}</${tag}>`;
    })
    .join('');
}
