import { AppError } from '@/lib/errors';
import { ownOrigins } from './request-origin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one same-origin rule for every state-changing request: a browser says
 * where a request comes from (Origin, Sec-Fetch-Site), and a page of another
 * site may not act with the person's cookie. Requests without either header
 * (curl, scripts, server-to-server) carry no ambient browser credentials of
 * another site's page and pass.
 */
export function assertSameOrigin(request: Request, appUrl: string | undefined): void {
  if (SAFE_METHODS.has(request.method)) return;
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') throw crossSite();
  const origin = request.headers.get('origin');
  if (origin === null) return;
  if (!ownOrigins(request, appUrl).includes(origin)) throw crossSite();
}

function crossSite(): AppError {
  return new AppError('cross_site', 'This request came from another site’s page and was refused. Use Quire’s own pages.');
}

/**
 * A JSON route's body must say it is JSON: an HTML form on any page can post
 * text/plain or urlencoded bodies without a CORS preflight, application/json
 * it cannot.
 */
export function assertJsonBody(request: Request): void {
  const type = mediaType(request);
  if (type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type)) return;
  throw new AppError('unsupported_media_type', 'Send the body as JSON with the header content-type: application/json.');
}

/** A file route's body must be multipart/form-data. */
export function assertMultipartBody(request: Request): void {
  if (mediaType(request) === 'multipart/form-data') return;
  throw new AppError('unsupported_media_type', 'Send files as multipart/form-data.');
}

function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}
