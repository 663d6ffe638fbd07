import { isIP } from 'node:net';
import { isBlockedAddress } from './blocked-address';
import { LinkError } from './link-error';

/** `host:port` as FETCH_ALLOW_HOSTS names it (IPv6 in brackets), with the scheme's default port filled in. */
export function hostPortOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase()}:${port}`;
}

/** The operator let this host:port be fetched although it resolves inside the network (tests, intranets). */
export function isAllowedHost(url: URL, allowHosts: readonly string[]): boolean {
  return allowHosts.includes(hostPortOf(url));
}

/**
 * What can be judged from the URL alone, before any lookup: the scheme, no
 * credentials, and a host that is not a blocked address written literally
 * (an IP or `localhost`). Throws the reason; the request gets a 422 with it.
 */
export function checkLinkUrl(raw: string, allowHosts: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new LinkError('bad_url', `“${raw}” is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new LinkError('bad_url', `Only http and https links can be read, not ${url.protocol.replace(/:$/, '')}.`);
  if (url.username || url.password) throw new LinkError('bad_url', 'Links with a user name or password are not read.');
  if (isAllowedHost(url, allowHosts)) return url;
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  const literal = isIP(host) !== 0;
  if ((literal && isBlockedAddress(host)) || host === 'localhost' || host.endsWith('.localhost')) {
    throw new LinkError('blocked_address', `${url.host} is a private, loopback or link-local address; Quire does not fetch those.`);
  }
  return url;
}
