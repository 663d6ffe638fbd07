import { describe, expect, it } from 'vitest';
import { rehypeScopedIds } from './scoped-ids';

const element = (properties: Record<string, unknown>, children: unknown[] = []) => ({
  type: 'element',
  tagName: 'a',
  properties,
  children,
});

describe('ids and names in written content', () => {
  it('are prefixed so that an answer cannot put a global on window or document', () => {
    const tree = {
      type: 'root',
      children: [
        element({ id: 'getElementById' }, [element({ name: '__NEXT_DATA__' }), { type: 'text', value: 'x' }]),
        element({ name: ['a', 'b'] }),
      ],
    };
    rehypeScopedIds()(tree as never);
    const [outer, list] = tree.children as Array<{
      properties: Record<string, unknown>;
      children: Array<{ properties?: Record<string, unknown> }>;
    }>;
    expect(outer!.properties.id).toBe('user-content-getElementById');
    expect(outer!.children[0]!.properties!.name).toBe('user-content-__NEXT_DATA__');
    expect(list!.properties.name).toEqual(['user-content-a', 'user-content-b']);
  });

  it('leaves the ids footnotes already scope, so their links still land', () => {
    const tree = { type: 'root', children: [element({ id: 'user-content-fn-1' })] };
    rehypeScopedIds()(tree as never);
    expect((tree.children[0] as unknown as { properties: { id: string } }).properties.id).toBe('user-content-fn-1');
  });
});
