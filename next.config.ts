import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import createNextIntlPlugin from 'next-intl/plugin';
import { API_CONTENT_SECURITY_POLICY, COMMON_SECURITY_HEADERS } from './lib/http/security-headers';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled; pdfkit reads its own font data there.
  serverExternalPackages: ['@electric-sql/pglite', 'pglite-prisma-adapter', 'pg', 'mammoth', 'unpdf', 'pdfkit', 'docx'],
  poweredByHeader: false,
  // Answers stream as SSE: gzip would buffer tokens and burn CPU on every chunk.
  // Static assets are small; put a compressing proxy in front if you need one.
  compress: false,
  devIndicators: false,
  experimental: {
    // forbidden() and the forbidden.tsx convention: staff pages answer 403 (not 200) to non-staff, with the app's own page
    authInterrupts: true,
    // Next loads every route's built code at start by default. Turbopack gives each route its own copy of the shared
    // server code (about fifty copies of a 2.6 MB chunk here), so that took 5 of a start's 13 seconds and 300 MB of
    // memory, all of it before the first request. A route now loads on its first request (about 0.1–0.2 s, once);
    // the chat's send route is loaded at start (scripts/start.ts).
    preloadEntriesOnStart: false,
  },
  // pages get their Content-Security-Policy (with a nonce) from proxy.ts
  async headers() {
    return [
      { source: '/:path*', headers: [...COMMON_SECURITY_HEADERS] },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default function config(phase: string): NextConfig {
  if (phase !== PHASE_PRODUCTION_BUILD) return withNextIntl(nextConfig);
  // A production build writes no source maps for the server: the server runs with them off (scripts/start.ts), and
  // Turbopack wrote one per route copy of the shared code, 570 MB of them, which was most of the build's time.
  return withNextIntl({ ...nextConfig, experimental: { ...nextConfig.experimental, turbopackSourceMaps: false } });
}
