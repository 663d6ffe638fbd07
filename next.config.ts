import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pglite-prisma-adapter', 'pg', 'mammoth', 'unpdf'],
  poweredByHeader: false,
  // Answers stream as SSE: gzip would buffer tokens and burn CPU on every chunk.
  // Static assets are small; put a compressing proxy in front if you need one.
  compress: false,
  devIndicators: false,
  // forbidden() and the forbidden.tsx convention: staff pages answer 403 (not 200) to non-staff, with the app's own page
  experimental: { authInterrupts: true },
};

export default withNextIntl(nextConfig);
