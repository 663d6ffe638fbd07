import { describe, expect, it } from 'vitest';
import { isBlockedAddress } from './blocked-address';
import { LinkError } from './link-error';
import { checkLinkUrl } from './link-policy';

describe('addresses research never fetches', () => {
  it('refuses loopback, private, link-local/metadata, multicast and unspecified IPv4', () => {
    for (const ip of [
      '127.0.0.1',
      '127.8.9.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '224.0.0.1',
      '0.0.0.0',
      '255.255.255.255',
    ]) {
      expect(isBlockedAddress(ip), ip).toBe(true);
    }
  });

  it('refuses the same in IPv6, including IPv4 mapped, compatible, NAT64 and 6to4 forms', () => {
    for (const ip of [
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::7',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '[::ffff:169.254.169.254]',
      '::ffff:a9fe:a9fe',
      '::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::1',
    ]) {
      expect(isBlockedAddress(ip), ip).toBe(true);
    }
  });

  it('lets public addresses through', () => {
    for (const ip of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808']) {
      expect(isBlockedAddress(ip), ip).toBe(false);
    }
  });

  it('refuses a literal inside address in a URL before any request, unless the operator allows its host:port', () => {
    const refused = (url: string) => {
      try {
        checkLinkUrl(url, []);
        return null;
      } catch (error) {
        return error instanceof LinkError ? error.code : 'other';
      }
    };
    expect(refused('http://169.254.169.254/latest/meta-data/')).toBe('blocked_address');
    expect(refused('http://127.0.0.1:5432/')).toBe('blocked_address');
    expect(refused('http://[::ffff:127.0.0.1]/')).toBe('blocked_address');
    expect(refused('http://localhost:3000/')).toBe('blocked_address');
    expect(refused('http://2130706433/')).toBe('blocked_address'); // 127.0.0.1 as one decimal number
    expect(refused('file:///etc/passwd')).toBe('bad_url');
    expect(refused('http://user:pw@example.org/')).toBe('bad_url');
    expect(refused('https://example.org/page')).toBeNull();
    expect(checkLinkUrl('http://127.0.0.1:3371/page', ['127.0.0.1:3371']).href).toBe('http://127.0.0.1:3371/page');
    // the allowance is for that port only
    expect(() => checkLinkUrl('http://127.0.0.1:5432/', ['127.0.0.1:3371'])).toThrow(LinkError);
  });
});
