import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { isBlockedAddress } from './blocked-address';
import { LinkError } from './link-error';
import { checkLinkUrl, isAllowedHost } from './link-policy';

export interface FetchLimits {
  /** the body after decompression; a larger one is cut off and refused */
  maxBytes: number;
  /** the whole fetch, every redirect hop included */
  timeoutMs: number;
  maxRedirects: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = { maxBytes: 5 * 1024 * 1024, timeoutMs: 15_000, maxRedirects: 5 };

/** Names Quire so site owners can tell its requests apart and address it in robots.txt. */
export const USER_AGENT = 'Quire/1.0 (document research; reads robots.txt)';

export interface SafeFetchOptions {
  /** FETCH_ALLOW_HOSTS: host:port that may resolve inside the network */
  allowHosts: readonly string[];
  limits: FetchLimits;
  /** the job's signal: cancelling or losing the lease stops the fetch */
  signal: AbortSignal;
  accept: string;
  /** null: any type is read (robots.txt) */
  acceptsType: ((contentType: string) => boolean) | null;
  /** runs before every hop (robots.txt); throws to refuse it */
  beforeHop?: (url: URL) => Promise<void>;
  /** the resolver (every address of a name); the system's by default */
  resolve?: Resolver;
}

export type Resolver = (host: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

export interface FetchedBody {
  /** where the last redirect led */
  url: string;
  /** the Content-Type header as sent, parameters included */
  contentType: string;
  body: Buffer;
}

/**
 * GET that cannot be pointed inside the network: every hop's host is resolved
 * and refused when any of its addresses is private, loopback, link-local,
 * multicast or unspecified (unless FETCH_ALLOW_HOSTS names it), and the
 * connection goes to the address that was checked, so a DNS answer that
 * changes between the check and the connect (rebinding) cannot swap it.
 */
export async function safeFetch(raw: string, options: SafeFetchOptions): Promise<FetchedBody> {
  const deadline = AbortSignal.timeout(options.limits.timeoutMs);
  const signal = AbortSignal.any([options.signal, deadline]);
  try {
    let url = checkLinkUrl(raw, options.allowHosts);
    for (let hop = 0; ; hop++) {
      await options.beforeHop?.(url);
      const address = await resolvePublic(url, options.allowHosts, options.resolve ?? systemResolver);
      const answer = await get(url, address, signal, options);
      if ('body' in answer) return answer;
      if (hop >= options.limits.maxRedirects)
        throw new LinkError('too_many_redirects', `More than ${options.limits.maxRedirects} redirects.`);
      url = checkLinkUrl(new URL(answer.location, url).href, options.allowHosts);
    }
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason ?? error;
    if (deadline.aborted) throw new LinkError('timeout', `No complete answer within ${Math.round(options.limits.timeoutMs / 1000)} s.`);
    if (error instanceof LinkError) throw error;
    throw new LinkError('unreachable', `The server could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function resolvePublic(url: URL, allowHosts: readonly string[], resolve: Resolver): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await resolve(host);
  } catch {
    throw new LinkError('unreachable', `${host} could not be found (DNS).`);
  }
  if (addresses.length === 0) throw new LinkError('unreachable', `${host} could not be found (DNS).`);
  if (!isAllowedHost(url, allowHosts)) {
    const inside = addresses.find((a) => isBlockedAddress(a.address));
    if (inside)
      throw new LinkError(
        'blocked_address',
        `${url.host} resolves to ${inside.address}, a private, loopback or link-local address; Quire does not fetch those.`,
      );
  }
  return addresses[0];
}

function get(
  url: URL,
  address: { address: string; family: number },
  signal: AbortSignal,
  options: SafeFetchOptions,
): Promise<FetchedBody | { location: string }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // every connection goes to the checked address, whatever the resolver would answer now
  const pinned = ((_hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (lookupOptions.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  }) as unknown as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        protocol: url.protocol,
        host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { 'user-agent': USER_AGENT, accept: options.accept, 'accept-encoding': 'gzip, deflate, br' },
        lookup: pinned,
        servername: isIP(host) ? undefined : host,
        agent: false,
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ location: response.headers.location });
          return;
        }
        if (status >= 400 || status < 200) {
          response.resume();
          reject(
            new LinkError('http_status', `The server answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}.`),
          );
          return;
        }
        const contentType = String(response.headers['content-type'] ?? '');
        if (options.acceptsType && !options.acceptsType(contentType.split(';')[0].trim().toLowerCase())) {
          response.destroy();
          reject(new LinkError('not_text', `Not a readable page (${contentType.split(';')[0] || 'no content type'}).`));
          return;
        }
        const tooLarge = () => new LinkError('too_large', `Larger than ${Math.round(options.limits.maxBytes / 1024 / 1024)} MB.`);
        if (Number(response.headers['content-length'] ?? 0) > options.limits.maxBytes) {
          response.destroy();
          reject(tooLarge());
          return;
        }
        const body = decoded(response, response.headers['content-encoding']);
        const chunks: Buffer[] = [];
        let size = 0;
        body.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.limits.maxBytes) {
            // stop reading at the cap: the rest of a huge page is never downloaded
            response.destroy();
            body.destroy();
            reject(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        body.on('end', () => resolve({ url: url.href, contentType, body: Buffer.concat(chunks) }));
        body.on('error', reject);
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** The cap counts decompressed bytes, so a small compressed bomb is cut off like a large page. */
function decoded(response: Readable, encoding: string | undefined): Readable {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}
