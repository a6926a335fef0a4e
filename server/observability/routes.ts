import 'server-only';
import { isLocale } from '@/lib/i18n/locales';

/**
 * The `route` label of a request (docs/observability.md): the public path made into a pattern,
 * so that a label names a page or a call, never a guest's link or an attacker's invention:
 * - the language prefix is `:locale`, a date `:date`, a number or a random public id `:id`
 *   (hashes, signed tokens), any other segment that is not a short plain word `:param`;
 * - Next's own files are one route each (`/_next/static`, `/_next/image`, `/_next`);
 * - an answer 404 is `unmatched` (a scanner's paths make no series), and past MAX_ROUTES
 *   distinct patterns in a process, a new one is `other`.
 */
export const MAX_ROUTES = 300;
const MAX_SEGMENTS = 6;

const seen = () => ((globalThis as typeof globalThis & { __frontpageRoutes?: Set<string> }).__frontpageRoutes ??= new Set());

function segmentPattern(segment: string, index: number): string {
  if (index === 0 && isLocale(segment)) return ':locale';
  if (/^\d{4}-\d{2}-\d{2}$/.test(segment)) return ':date';
  if (/^\d+$/.test(segment)) return ':id';
  // A word of the site's own paths: lower case, short (`reservation`, `getday`, `robots.txt`, `a2fa`).
  if (segment.length <= 32 && /^[a-z][a-z0-9._-]*$/.test(segment) && (segment.match(/\d/g)?.length ?? 0) <= 2) return segment;
  if (/^[A-Za-z0-9_-]{12,}$/.test(segment)) return ':id';
  return ':param';
}

/** The pattern of a path (no query), before the status is known. */
export function routePattern(url: string): string {
  const path = url.split(/[?#]/, 1)[0] || '/';
  if (path.startsWith('/_next/')) {
    const kind = path.split('/')[2];
    return kind === 'static' || kind === 'image' || kind === 'data' ? `/_next/${kind}` : '/_next';
  }
  let segments: string[];
  try {
    segments = path.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
  } catch {
    return ':param';
  }
  const parts = segments.slice(0, MAX_SEGMENTS).map(segmentPattern);
  if (segments.length > MAX_SEGMENTS) parts.push('…');
  return `/${parts.join('/')}`;
}

/** The `route` label of an answered request. */
export function routeLabel(url: string, status: number): string {
  if (status === 404) return 'unmatched';
  const route = routePattern(url);
  const routes = seen();
  if (routes.has(route)) return route;
  if (routes.size >= MAX_ROUTES) return 'other';
  routes.add(route);
  return route;
}

/** The method label: the HTTP methods the site answers, anything else `other`. */
export function methodLabel(method: string | undefined): string {
  const m = (method ?? '').toUpperCase();
  return ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].includes(m) ? m : 'other';
}
