/**
 * A rehype plugin for text people and models wrote: every `id` and `name` an
 * element carries is given the `user-content-` prefix, unless it has it already
 * (GFM footnotes are written that way). An answer with `<img name="x">` or
 * `<a id="x">` would otherwise put `x` on `window` and `document` (DOM
 * clobbering), where a global of the page's own code of that name breaks the page.
 */
export const SCOPED_ID_PREFIX = 'user-content-';

const CLOBBERING = ['id', 'name'];

interface HastNode {
  type: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

export function scopedIds(value: string): string {
  return value.startsWith(SCOPED_ID_PREFIX) ? value : `${SCOPED_ID_PREFIX}${value}`;
}

function scope(node: HastNode): void {
  if (node.type === 'element' && node.properties) {
    for (const key of CLOBBERING) {
      const value = node.properties[key];
      if (typeof value === 'string' && value !== '') node.properties[key] = scopedIds(value);
      else if (Array.isArray(value)) node.properties[key] = value.map((v) => (typeof v === 'string' ? scopedIds(v) : v));
    }
  }
  for (const child of node.children ?? []) scope(child);
}

export function rehypeScopedIds() {
  return (tree: HastNode) => scope(tree);
}
