import { describe, expect, it } from 'vitest';
import type { TrustProxy } from '@/lib/config';
import { CLIENT_ADDRESS_HEADER, LINK_ORIGIN_HEADER, normalizeAddress, normalizedHeaders, resolveForwarded } from './forwarded';

const none: TrustProxy = { kind: 'none' };
const hops = (n: number): TrustProxy => ({ kind: 'hops', hops: n });
const addresses = (...list: string[]): TrustProxy => ({ kind: 'addresses', addresses: list });

function from(socketAddress: string, headers: Record<string, string> = {}, encrypted = false) {
  return { socketAddress, encrypted, headers: { host: 'quire.internal:3000', ...headers } };
}

describe('the real client behind TRUST_PROXY', () => {
  it('without TRUST_PROXY, a claimed X-Forwarded-For, host and scheme are ignored', () => {
    const effective = resolveForwarded(
      from('203.0.113.7', { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }),
      none,
    );
    expect(effective).toEqual({ clientAddress: '203.0.113.7', host: 'quire.internal:3000', proto: 'http', linkOrigin: undefined });
  });

  it('one trusted hop: the address the proxy saw is the client, its host and scheme are believed', () => {
    const effective = resolveForwarded(
      from('10.0.0.2', { 'x-forwarded-for': '198.51.100.1', 'x-forwarded-host': 'quire.example.org', 'x-forwarded-proto': 'https' }),
      hops(1),
    );
    expect(effective).toEqual({
      clientAddress: '198.51.100.1',
      host: 'quire.example.org',
      proto: 'https',
      linkOrigin: 'https://quire.example.org',
    });
  });

  it('a client that prepends a spoofed address to the chain does not move past the trusted hops', () => {
    // client 198.51.100.1 sends "X-Forwarded-For: 1.1.1.1"; the proxy appends what it saw
    const spoofed = from('10.0.0.2', { 'x-forwarded-for': '1.1.1.1, 198.51.100.1' });
    expect(resolveForwarded(spoofed, hops(1)).clientAddress).toBe('198.51.100.1');
    // two proxies: client → edge (adds client) → inner (appends edge) → us
    const twoProxies = from('10.0.0.3', { 'x-forwarded-for': '1.1.1.1, 198.51.100.1, 10.0.0.2' });
    expect(resolveForwarded(twoProxies, hops(2)).clientAddress).toBe('198.51.100.1');
  });

  it('more hops than the chain holds: the furthest address is the client', () => {
    expect(resolveForwarded(from('10.0.0.2', { 'x-forwarded-for': '198.51.100.1' }), hops(3)).clientAddress).toBe('198.51.100.1');
    expect(resolveForwarded(from('10.0.0.2'), hops(1)).clientAddress).toBe('10.0.0.2');
  });

  it('an address list trusts only those proxies (and subnets), walking right to left', () => {
    const trust = addresses('10.0.0.2', '172.16.0.0/12');
    expect(resolveForwarded(from('10.0.0.2', { 'x-forwarded-for': '1.1.1.1, 198.51.100.1, 172.20.1.1' }), trust).clientAddress).toBe(
      '198.51.100.1',
    );
    // a request straight from a client that is not a listed proxy: nothing forwarded is believed
    const direct = resolveForwarded(from('198.51.100.9', { 'x-forwarded-for': '1.1.1.1', 'x-forwarded-proto': 'https' }), trust);
    expect(direct).toMatchObject({ clientAddress: '198.51.100.9', proto: 'http' });
  });

  it('IPv6 and IPv4-mapped addresses, with or without ports', () => {
    expect(
      resolveForwarded(from('::ffff:127.0.0.1', { 'x-forwarded-for': '[2001:db8::1]:4711' }), addresses('127.0.0.1')).clientAddress,
    ).toBe('2001:db8::1');
    expect(normalizeAddress('198.51.100.1:8080')).toBe('198.51.100.1');
    expect(normalizeAddress('not-an-address')).toBeNull();
  });

  it('garbage in the chain stops the walk at the last address a trusted proxy vouched for', () => {
    expect(resolveForwarded(from('10.0.0.2', { 'x-forwarded-for': '<script>' }), hops(1)).clientAddress).toBe('10.0.0.2');
  });

  it('a forwarded host that is not a host name is ignored', () => {
    expect(resolveForwarded(from('10.0.0.2', { 'x-forwarded-host': 'evil.example/path' }), hops(1)).host).toBe('quire.internal:3000');
  });

  it('TLS terminated by this process makes the scheme https', () => {
    expect(resolveForwarded(from('198.51.100.1', {}, true), none).proto).toBe('https');
  });
});

describe('the headers the app sees', () => {
  it('drops what the client sent and always overwrites the client address header', () => {
    const headers = {
      host: 'quire.internal:3000',
      forwarded: 'for=1.1.1.1',
      'x-forwarded-for': '1.1.1.1',
      'x-real-ip': '1.1.1.1',
      [CLIENT_ADDRESS_HEADER]: '1.1.1.1',
      cookie: 'a=b',
    };
    const next = normalizedHeaders(headers, {
      clientAddress: '203.0.113.7',
      host: 'quire.example.org',
      proto: 'https',
      linkOrigin: undefined,
    });
    expect(next).toEqual({
      host: 'quire.example.org',
      'x-forwarded-host': 'quire.example.org',
      'x-forwarded-proto': 'https',
      [CLIENT_ADDRESS_HEADER]: '203.0.113.7',
      cookie: 'a=b',
    });
  });
});

describe('where links in mail may point without APP_URL', () => {
  const at = (host: string, local = '192.0.2.10', port = 3000) => ({
    socketAddress: '203.0.113.7',
    encrypted: false,
    localAddress: local,
    localPort: port,
    headers: { host },
  });

  it('a forged Host is never a link target: the listening address the connection reached is', () => {
    expect(resolveForwarded(at('evil.example'), none).linkOrigin).toBe('http://192.0.2.10:3000');
    expect(resolveForwarded(at('evil.example:3000'), none).linkOrigin).toBe('http://192.0.2.10:3000');
    expect(resolveForwarded(at('192.0.2.10.evil.example:3000'), none).linkOrigin).toBe('http://192.0.2.10:3000');
  });

  it('a Host naming this server (its own address or a loopback name on its port) is kept', () => {
    expect(resolveForwarded(at('192.0.2.10:3000'), none).linkOrigin).toBe('http://192.0.2.10:3000');
    expect(resolveForwarded(at('localhost:3000', '127.0.0.1'), none).linkOrigin).toBe('http://localhost:3000');
    expect(resolveForwarded(at('[::1]:3000', '::1'), none).linkOrigin).toBe('http://[::1]:3000');
    // a loopback name on another port is not this server
    expect(resolveForwarded(at('localhost:4000', '127.0.0.1'), none).linkOrigin).toBe('http://127.0.0.1:3000');
  });

  it('behind a trusted proxy, the host it passes on is vouched for; a client cannot write the header itself', () => {
    const proxied = { ...at('quire.internal:3000', '10.0.0.5'), socketAddress: '10.0.0.2' };
    proxied.headers = { host: 'quire.internal:3000', 'x-forwarded-host': 'quire.example.org', 'x-forwarded-proto': 'https' } as never;
    expect(resolveForwarded(proxied, hops(1)).linkOrigin).toBe('https://quire.example.org');
    const effective = resolveForwarded(at('evil.example'), none);
    expect(normalizedHeaders({ host: 'evil.example', [LINK_ORIGIN_HEADER]: 'http://evil.example' }, effective)[LINK_ORIGIN_HEADER]).toBe(
      'http://192.0.2.10:3000',
    );
  });
});
