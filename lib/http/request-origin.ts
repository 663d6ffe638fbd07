import { CLIENT_ADDRESS_HEADER, isLoopbackName, LINK_ORIGIN_HEADER } from './forwarded';

type RequestLike = Pick<Request, 'headers' | 'url'>;

/**
 * What the server (scripts/start.ts) established about a request before the
 * app saw it: the Host and scheme the browser used (from TRUST_PROXY's rules)
 * and the real client address. Next.js builds `request.url` with its own host
 * name, so the origin comes from these headers; `request.url` only when there
 * is no Host at all (a Request built in code).
 */
export function requestOrigin(request: RequestLike): string | undefined {
  const host = request.headers.get('host');
  if (!host) return URL.canParse(request.url) ? new URL(request.url).origin : undefined;
  const proto = request.headers.get('x-forwarded-proto') === 'https' ? 'https' : 'http';
  return `${proto}://${host}`;
}

/** The origins a page of this app may have: APP_URL, and the address this request was sent to. */
export function ownOrigins(request: RequestLike, appUrl: string | undefined): string[] {
  return [appUrl, requestOrigin(request)].filter((origin): origin is string => Boolean(origin));
}

/** The public URL people use: APP_URL when set, else the request's own origin. */
export function publicOrigin(request: RequestLike, appUrl: string | undefined): string | undefined {
  return appUrl ?? requestOrigin(request);
}

/**
 * The origin a link in mail or an invite may point at: APP_URL when set, else
 * the one the server vouched for (LINK_ORIGIN_HEADER). A request that did not
 * pass through the server (a handler called in code) is vouched for only when
 * it names a loopback host. undefined: no link may be built from this request.
 */
export function linkOrigin(request: Pick<Request, 'headers' | 'url'>, appUrl: string | undefined): string | undefined {
  if (appUrl) return appUrl;
  const vouched = request.headers.get(LINK_ORIGIN_HEADER);
  if (vouched) return vouched;
  if (request.headers.has(CLIENT_ADDRESS_HEADER)) return undefined;
  const origin = requestOrigin(request);
  return origin && URL.canParse(origin) && isLoopbackName(new URL(origin).hostname) ? origin : undefined;
}

/** The real client address the server established; undefined for a request that did not pass it (tests calling handlers). */
export function clientAddress(headers: Headers): string | undefined {
  return headers.get(CLIENT_ADDRESS_HEADER) ?? undefined;
}
