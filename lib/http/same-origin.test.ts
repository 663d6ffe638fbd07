import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { assertJsonBody, assertSameOrigin } from './same-origin';

function post(headers: Record<string, string>, method = 'POST') {
  return new Request('http://localhost:3000/api/chats', { method, headers: { host: '127.0.0.1:3000', ...headers } });
}

function codeOf(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}

describe('one same-origin rule', () => {
  it('a page of this address, and a client that sends no Origin, may post', () => {
    expect(
      codeOf(() => assertSameOrigin(post({ origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' }), undefined)),
    ).toBeNull();
    expect(codeOf(() => assertSameOrigin(post({}), undefined))).toBeNull();
  });

  it('another site, a sibling subdomain or an opaque origin is refused', () => {
    expect(codeOf(() => assertSameOrigin(post({ origin: 'http://evil.example' }), undefined))).toBe('cross_site');
    expect(codeOf(() => assertSameOrigin(post({ 'sec-fetch-site': 'cross-site' }), undefined))).toBe('cross_site');
    expect(codeOf(() => assertSameOrigin(post({ 'sec-fetch-site': 'same-site' }), undefined))).toBe('cross_site');
    expect(codeOf(() => assertSameOrigin(post({ origin: 'null' }), undefined))).toBe('cross_site');
    // the scheme is part of the origin
    expect(codeOf(() => assertSameOrigin(post({ origin: 'https://127.0.0.1:3000' }), undefined))).toBe('cross_site');
  });

  it('APP_URL is this site too; reading is never refused', () => {
    expect(codeOf(() => assertSameOrigin(post({ origin: 'https://quire.example.org' }), 'https://quire.example.org'))).toBeNull();
    expect(codeOf(() => assertSameOrigin(post({ origin: 'http://evil.example' }, 'GET'), undefined))).toBeNull();
  });
});

describe('JSON bodies say so', () => {
  it('application/json (with a charset) passes; text/plain and forms are 415', () => {
    expect(codeOf(() => assertJsonBody(post({ 'content-type': 'application/json; charset=utf-8' })))).toBeNull();
    expect(codeOf(() => assertJsonBody(post({ 'content-type': 'text/plain' })))).toBe('unsupported_media_type');
    expect(codeOf(() => assertJsonBody(post({ 'content-type': 'application/x-www-form-urlencoded' })))).toBe('unsupported_media_type');
    expect(codeOf(() => assertJsonBody(post({})))).toBe('unsupported_media_type');
  });
});
