import { describe, expect, it } from 'vitest';
import { readableAddress } from './account-sessions';

describe('a session’s address as the account page shows it', () => {
  it('shortens the /64 network better-auth keeps for an IPv6 client, and says it is one', () => {
    expect(readableAddress('2001:0db8:85a3:0042:0000:0000:0000:0000')).toBe('2001:db8:85a3:42::/64');
    expect(readableAddress('2001:0db8:0000:0000:0000:0000:0000:0000')).toBe('2001:db8::/64');
    expect(readableAddress('0000:0000:0000:0000:0000:0000:0000:0000')).toBe('::/64');
  });

  it('shortens a whole IPv6 address without a prefix, and leaves IPv4 as it is', () => {
    expect(readableAddress('2001:0db8:0000:0000:0001:0000:0000:0001')).toBe('2001:db8::1:0:0:1');
    expect(readableAddress('fe80:0000:0000:0000:0202:b3ff:fe1e:8329')).toBe('fe80::202:b3ff:fe1e:8329');
    expect(readableAddress('198.51.100.7')).toBe('198.51.100.7');
  });
});
