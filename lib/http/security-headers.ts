/**
 * The security headers of every response. Pages get a Content-Security-Policy
 * with a per-request nonce (proxy.ts): only scripts this server rendered run,
 * nothing loads from another origin, and no other site may frame Quire. Inline
 * style attributes stay allowed: the editor, charts and popovers position
 * themselves with them, and a style cannot run code.
 */
export function pageContentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code for its error overlays
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** API answers are data, never documents to render or frame. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** On every response, pages and API alike. */
export const COMMON_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // for browsers that predate frame-ancestors
  { key: 'X-Frame-Options', value: 'DENY' },
];
