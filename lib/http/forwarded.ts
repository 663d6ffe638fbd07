import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from '@/lib/config';

/**
 * The one header that carries the real client address from the server to the
 * app. The server overwrites it on every request, so a client cannot set it.
 */
export const CLIENT_ADDRESS_HEADER = 'x-quire-client-address';

/**
 * The origin links in mail may point at when APP_URL is unset, set by the
 * server on every request (overwritten, like the client address): the Host a
 * trusted proxy passed on, or a Host that names this server's own listening
 * address (or a loopback name); otherwise the listening address itself. A Host
 * header anyone can write never reaches a mailbox.
 */
export const LINK_ORIGIN_HEADER = 'x-quire-link-origin';

/** Headers a client could use to claim another address, host or scheme; never passed on as sent. */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  CLIENT_ADDRESS_HEADER,
  LINK_ORIGIN_HEADER,
];

export interface IncomingConnection {
  /** the TCP peer: the browser, or the proxy in front of us */
  socketAddress: string | undefined;
  /** TLS terminated by this process */
  encrypted: boolean;
  /** the address and port this server accepted the connection on */
  localAddress?: string | undefined;
  localPort?: number | undefined;
  headers: Record<string, string | string[] | undefined>;
}

export interface EffectiveRequest {
  /** the address rate limits count: the socket peer, or what trusted proxies say the client was */
  clientAddress: string;
  /** the Host the browser used (the proxy's X-Forwarded-Host when believed) */
  host: string | undefined;
  proto: 'http' | 'https';
  /** where a link to this server may point: a host vouched for (see LINK_ORIGIN_HEADER) */
  linkOrigin: string | undefined;
}

/**
 * Who really sent a request. X-Forwarded-* are believed only from the proxies
 * TRUST_PROXY names (a hop count, or their addresses): the chain
 * [socket peer, X-Forwarded-For right to left] is walked while its addresses
 * are trusted, and the first untrusted one is the client, as Express's
 * "trust proxy" does. Anything a client prepends to X-Forwarded-For lies
 * beyond that point and is ignored.
 */
export function resolveForwarded(connection: IncomingConnection, trust: TrustProxy): EffectiveRequest {
  const socket = normalizeAddress(connection.socketAddress ?? '') ?? 'unknown';
  const hostHeader = headerValue(connection.headers.host);
  const directProto = connection.encrypted ? 'https' : 'http';
  const direct: EffectiveRequest = {
    clientAddress: socket,
    host: hostHeader,
    proto: directProto,
    linkOrigin: ownLinkOrigin(directProto, hostHeader, connection.localAddress, connection.localPort),
  };
  const trusted = trustTest(trust);
  if (!trusted(socket, 0)) return direct;

  const claimed = (headerValue(connection.headers['x-forwarded-for']) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .reverse();
  let client = socket;
  for (let hop = 1; hop <= claimed.length; hop++) {
    const address = normalizeAddress(claimed[hop - 1]!);
    // garbage in the chain was written by whoever stands beyond the last trusted hop: stop at what we know
    if (!address) break;
    client = address;
    if (!trusted(address, hop)) break;
  }
  const proto = firstListValue(connection.headers['x-forwarded-proto'])?.toLowerCase();
  const forwardedHost = firstListValue(connection.headers['x-forwarded-host']);
  const host = forwardedHost && isHostHeader(forwardedHost) ? forwardedHost : direct.host;
  const scheme = proto === 'https' || proto === 'http' ? proto : direct.proto;
  return {
    clientAddress: client,
    host,
    proto: scheme,
    // a proxy the operator trusts answers for the Host it passes on (its server_name or route decided it)
    linkOrigin: host && isHostHeader(host) ? `${scheme}://${host}` : direct.linkOrigin,
  };
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a host name (bracketed for IPv6, without port) names this machine's loopback: a link there reaches no one else. */
export const isLoopbackName = (name: string) => LOOPBACK_NAMES.has(name.toLowerCase());

/**
 * Without a trusted proxy, a link may point at the Host the request named only
 * when that Host is this server's own listening address or a loopback name on
 * its port (a link to localhost reaches nobody else's server); anything else is
 * replaced by the listening address the connection actually reached.
 */
function ownLinkOrigin(proto: string, host: string | undefined, localAddress: string | undefined, localPort: number | undefined) {
  const local = localAddress ? normalizeAddress(localAddress) : null;
  if (!local || !localPort) return undefined;
  const own = `${isIP(local) === 6 ? `[${local}]` : local}:${localPort}`;
  if (host && isHostHeader(host)) {
    const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.toLowerCase());
    const name = match?.[1];
    const port = Number(match?.[2] ?? (proto === 'https' ? 443 : 80));
    if (name && port === localPort && (isLoopbackName(name) || `${name}:${port}` === own)) return `${proto}://${host.toLowerCase()}`;
  }
  return `${proto}://${own}`;
}

/**
 * The headers the app sees: forwarding headers as sent are dropped, and the
 * effective host, scheme and client address are set (always overwritten).
 */
export function normalizedHeaders(
  headers: IncomingConnection['headers'],
  effective: EffectiveRequest,
): Record<string, string | string[] | undefined> {
  const next = { ...headers };
  for (const name of FORWARDING_HEADERS) delete next[name];
  if (effective.host) {
    next.host = effective.host;
    // Next.js compares a server action's Origin with X-Forwarded-Host first
    next['x-forwarded-host'] = effective.host;
  }
  next['x-forwarded-proto'] = effective.proto;
  next[CLIENT_ADDRESS_HEADER] = effective.clientAddress;
  if (effective.linkOrigin) next[LINK_ORIGIN_HEADER] = effective.linkOrigin;
  return next;
}

/** The server's first step for every request, before Next.js sees it. */
export function normalizeIncomingRequest(req: IncomingMessage, trust: TrustProxy): EffectiveRequest {
  const socket = req.socket as IncomingMessage['socket'] & { encrypted?: boolean };
  const effective = resolveForwarded(
    {
      socketAddress: socket.remoteAddress,
      encrypted: Boolean(socket.encrypted),
      localAddress: socket.localAddress,
      localPort: socket.localPort,
      headers: req.headers,
    },
    trust,
  );
  req.headers = normalizedHeaders(req.headers, effective) as IncomingHttpHeaders;
  return effective;
}

function trustTest(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust.kind === 'none') return () => false;
  if (trust.kind === 'hops') return (_address, hop) => hop < trust.hops;
  const list = new BlockList();
  for (const entry of trust.addresses) {
    const [base, prefix] = entry.split('/');
    const address = normalizeAddress(base ?? '');
    if (!address) continue;
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** A bare IP address (IPv4-mapped IPv6 as IPv4; a port some proxies append removed), or null. */
export function normalizeAddress(raw: string): string | null {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  if (/^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(value)) value = value.slice(7);
  return isIP(value) ? value.toLowerCase() : null;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

function firstListValue(value: string | string[] | undefined): string | undefined {
  return headerValue(value)?.split(',')[0]?.trim() || undefined;
}

/** host[:port] with nothing that could smuggle a path or another URL part */
function isHostHeader(value: string): boolean {
  return /^(\[[0-9a-fA-F:.]+\]|[a-zA-Z0-9.-]+)(:\d{1,5})?$/.test(value);
}
