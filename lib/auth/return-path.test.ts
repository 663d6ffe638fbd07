import { describe, expect, it } from 'vitest';
import { returnPathOf, safeReturnPath, signInPathFor } from './return-path';

describe('the page a person returns to after signing in', () => {
  it('keeps a path on this site with its query and fragment', () => {
    expect(safeReturnPath('/chats/3f2a')).toBe('/chats/3f2a');
    expect(safeReturnPath('/documents/9?tab=history#s2')).toBe('/documents/9?tab=history#s2');
    expect(safeReturnPath('/staff/ledger?user=a%40b.c')).toBe('/staff/ledger?user=a%40b.c');
  });

  it.each([
    ['another site', 'https://evil.example/chats'],
    ['a protocol-relative address', '//evil.example/chats'],
    ['a dot segment before a doubled slash', '/.//evil.example'],
    ['a parent segment that leaves a doubled slash', '/chats/..//evil.example'],
    ['encoded dots that leave a doubled slash', '/%2e%2e//evil.example'],
    ['encoded dot segments deeper in', '/a/%2E/..//evil.example/x'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a backslash later on', '/chats\\..\\..\\evil'],
    ['a script', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,hi'],
    ['a relative path', 'chats/1'],
    ['a tab inside the slashes', '/\t/evil.example'],
    ['a newline', '/chats\n/x'],
    ['an empty value', ''],
    ['not a string', ['/chats/1']],
    ['the sign-in page itself', '/sign-in?next=/sign-in'],
    ['the sign-up page', '/sign-up'],
    ['an API route', '/api/chats'],
    ['a very long value', `/${'a'.repeat(2_001)}`],
  ])('refuses %s', (_what, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('normalizes dot segments without leaving the site', () => {
    expect(safeReturnPath('/chats/../documents/1')).toBe('/documents/1');
    expect(safeReturnPath('/../../etc')).toBe('/etc');
  });

  it('builds the sign-in address that carries it, or plain /sign-in', () => {
    expect(signInPathFor('/chats/3f2a?x=1')).toBe('/sign-in?next=%2Fchats%2F3f2a%3Fx%3D1');
    expect(signInPathFor('/')).toBe('/sign-in');
    expect(signInPathFor('https://evil.example')).toBe('/sign-in');
    expect(signInPathFor(null)).toBe('/sign-in');
  });
});

describe('the return path carried by an auth page address', () => {
  it('reads a safe next and ignores an unsafe one', () => {
    expect(returnPathOf('/sign-in?next=%2Fchats%2F1')).toBe('/chats/1');
    expect(returnPathOf('/sign-in?next=%2F%2Fevil.example')).toBeNull();
    expect(returnPathOf('/sign-in')).toBeNull();
    expect(returnPathOf(null)).toBeNull();
  });
});
