import type { NextConfig } from 'next';
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
  // forbidden() and the forbidden.tsx convention: staff pages answer 403 (not 200) to non-staff, with the app's own page
  experimental: { authInterrupts: true },
  // pages get their Content-Security-Policy (with a nonce) from proxy.ts
  async headers() {
    return [
      { source: '/:path*', headers: [...COMMON_SECURITY_HEADERS] },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default withNextIntl(nextConfig);
