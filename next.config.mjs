import path from 'node:path';
import createNextIntlPlugin from 'next-intl/plugin';
import headers from './lib/security/headers.cjs';
import fastRoutes from './lib/venue/fast-routes.cjs';

const { securityHeaders } = headers;

/** next-intl's formatter of precompiled messages (use-intl/format-message/format-only), by a path Turbopack resolves from the root (vercel/next.js#88540). */
const formatOnly = './node_modules/use-intl/dist/esm/production/format-message/format-only.js';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

/** The page cache's size in bytes: PAGE_CACHE_MB megabytes (default 64, at least 8). */
function pageCacheBytes(mb) {
  const value = Number(mb);
  return Math.max(8, Number.isFinite(value) && value > 0 ? value : 64) * 1024 * 1024;
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The fast path of page routing: a plain venue host's page, without running proxy.ts (lib/venue/fast-routes.cjs).
  async rewrites() {
    return { beforeFiles: fastRoutes.venueRewrites(), afterFiles: [], fallback: [] };
  },
  // nosniff, Referrer-Policy, Permissions-Policy, CSP (enforced and report-only), HSTS over https: docs/security.md.
  async headers() {
    return [
      ...securityHeaders(),
      // The booking widget's loader (docs/embed.md): unversioned URL, so a short max-age plus the ETag Next sends.
      { source: '/embed.js', headers: [{ key: 'Cache-Control', value: 'public, max-age=300, must-revalidate' }] },
      // Every API answer and contract call is this guest's or this caller's: no shared cache keeps one (issue 27),
      // except the share images, which are the same for everyone and say so themselves.
      { source: '/api/:path((?!og/|promo/og).*)', headers: [{ key: 'Cache-Control', value: 'private, no-store' }] },
      { source: '/backend/:path*', headers: [{ key: 'Cache-Control', value: 'private, no-store' }] },
    ];
  },
  // proxy.ts sees request.url as Next received it, with the origin Next compares a rewrite
  // with (`http://127.0.0.1:PORT` under `-H 127.0.0.1`), so its rewrites stay in-process
  // on every bind (vercel/next.js#94745). proxy.ts explains.
  skipProxyUrlNormalize: true,
  // PGlite ships WebAssembly and node-postgres optional native bits: load them from node_modules.
  // prom-client and OpenTelemetry: one copy per process, loaded from node_modules, not one per bundle
  // (the registry and the tracer provider are the process's: docs/observability.md).
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pg',
    'nodemailer',
    'prom-client',
    '@opentelemetry/api',
    '@opentelemetry/sdk-trace',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/resources',
    '@opentelemetry/core',
    '@opentelemetry/context-async-hooks',
    '@opentelemetry/semantic-conventions',
    // Wallet passes (docs/wallet.md): plain Node libraries, loaded from node_modules.
    'passkit-generator',
    'node-forge',
  ],
  // The generated pages and cached venue data of every venue live in this LRU cache, in each
  // instance's memory: the least recently used are dropped first, so memory stays bounded however
  // many venues a region serves (docs/operations.md, "Memory"). PAGE_CACHE_MB, read at start.
  cacheMaxMemorySize: pageCacheBytes(process.env.PAGE_CACHE_MB),
  // That cache, and behind it, with DATABASE_URL, one table every instance shares: a page generated
  // by one instance is served by all, and after a restart; a revalidated tag is dropped on all of
  // them through PostgreSQL's NOTIFY (server/cache/page-cache-handler.cjs, issue 43).
  cacheHandler: path.join(import.meta.dirname, 'server', 'cache', 'page-cache-handler.cjs'),
  // next-intl formats messages compiled ahead of time (i18n/request.ts) with its format-only
  // formatter, as its own `precompile` option does: no ICU parser in any bundle (docs/performance.md).
  turbopack: { resolveAlias: { 'use-intl/format-message': formatOnly } },
  webpack(config) {
    config.resolve.alias['use-intl/format-message'] = path.resolve(formatOnly);
    return config;
  },
  experimental: {
    // Venue pages are generated on first request and never written to disk, so a restart after
    // `npm run venue:import` never serves pages rendered from the old venue data. The page cache
    // handler above writes nothing to disk either (its shared table drops an imported venue's pages).
    isrFlushToDisk: false,
  },
};

export default withNextIntl(nextConfig);
