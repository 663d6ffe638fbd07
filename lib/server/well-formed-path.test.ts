import { describe, expect, it } from 'vitest';
import { hasWellFormedPath } from './well-formed-path';

describe('a request path that cannot be decoded is refused before routing', () => {
  it.each(['/api/chats/%ff', '/chats/%E0%A4%A', '/%', '/a%2'])('refuses %s', (path) => {
    expect(hasWellFormedPath(path)).toBe(false);
  });
  it.each(['/', '/chats/3f2a', '/chats/%E4%BD%A0', '/search?q=%ff', '/a%20b'])('passes %s', (path) => {
    expect(hasWellFormedPath(path)).toBe(true);
  });
});
