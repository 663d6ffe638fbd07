/** Where sign-in sends a person back to, as the `next` query parameter of /sign-in and /sign-up. */
export const RETURN_PARAM = 'next';

/** The request header proxy.ts sets to the page's path and query (never trusted: it passes safeReturnPath). */
export const REQUEST_PATH_HEADER = 'x-quire-path';

const MAX_LENGTH = 2_000;
/** Pages a person is never sent back to: the auth pages themselves, and the API (JSON, not a page). */
const NOT_A_DESTINATION = /^\/(?:sign-in|sign-up|api)(?:[/?#]|$)/i;

/**
 * The page to return to after signing in, or null when `value` is not a path on
 * this site. Only a plain absolute path is accepted: `//host` and `/\host`
 * (which browsers read as another site), a scheme (`https:`, `javascript:`),
 * backslashes and control characters are all refused, so the parameter can
 * never become an open redirect.
 */
export function safeReturnPath(value: unknown): string | null {
  const path = sameSitePath(value);
  return path && !NOT_A_DESTINATION.test(path) ? path : null;
}

/**
 * `value` as a path on this site after the URL parser has normalised it, or
 * null when it is anything else or would become another host on the way.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // browsers treat "\" as "/" in URLs; control characters and spaces are stripped or folded by them
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this check refuses
  if (/[\\\u0000-\u0020\u007f]/.test(value)) return null;
  // resolve against a fixed origin: whatever survives must still be on that origin, at the same path
  let url: URL;
  try {
    url = new URL(value, 'http://quire.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://quire.invalid') return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // dot segments and encoded dots collapse on the way ("/.//evil", "/a/..//evil", "/%2e%2e//evil"): what
  // they leave must not start with "//", which a browser reads as another host
  return path.startsWith('//') ? null : path;
}

/** The parameters through which the auth library redirects a browser after a link or a sign-in. */
const REDIRECT_PARAMS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'] as const;

/**
 * The first redirect target in an auth request (its query, or its JSON body)
 * that is not a path on this site, or null when all are: the one check every
 * redirect taken from a request passes, whatever token or state comes with it.
 */
export function foreignRedirectTarget(url: URL, body: unknown): string | null {
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  for (const name of REDIRECT_PARAMS) {
    for (const value of [url.searchParams.get(name), fromBody[name]]) {
      if (value === null || value === undefined) continue;
      if (sameSitePath(value) === null) return String(value);
    }
  }
  return null;
}

/** The checked `next` of an auth page's address (`/sign-in?next=…`), or null. */
export function returnPathOf(authPageUrl: string | null | undefined): string | null {
  if (!authPageUrl) return null;
  try {
    return safeReturnPath(new URL(authPageUrl, 'http://quire.invalid').searchParams.get(RETURN_PARAM));
  } catch {
    return null;
  }
}

/** `/sign-in?next=…` for a page that needs a session, or plain `/sign-in` when there is nowhere useful to return. */
export function signInPathFor(requested: string | null | undefined): string {
  const path = safeReturnPath(requested);
  return path && path !== '/' ? `/sign-in?${RETURN_PARAM}=${encodeURIComponent(path)}` : '/sign-in';
}
