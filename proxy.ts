import { NextResponse, type NextRequest } from 'next/server';
import { REQUEST_PATH_HEADER } from '@/lib/auth/return-path';
import { pageContentSecurityPolicy } from '@/lib/http/security-headers';

/**
 * A fresh script nonce per page: Next.js reads it from the request's
 * Content-Security-Policy and puts it on its own scripts; the root layout puts
 * it on the theme script (x-nonce). The requested path goes along too.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const policy = pageContentSecurityPolicy(nonce, process.env.NODE_ENV === 'development');
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('content-security-policy', policy);
  // the page asked for, so a signed-out visit can come back to it after sign-in (components/server/page-session.ts)
  requestHeaders.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('content-security-policy', policy);
  return response;
}

export const config = {
  matcher: [
    {
      // pages only: API routes and static files need no nonce (next.config.ts sets their headers). A page
      // asked for as a prefetch gets its policy too: a browser may render that very response later.
      source: '/((?!api|_next/static|_next/image|favicon.ico|icon.svg).*)',
    },
  ],
};
