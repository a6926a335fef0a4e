import type { NextRequest, NextResponse } from 'next/server';
import { ENFORCED_CSP, scriptPolicy } from '@/lib/security/headers.cjs';

/** Where the proxy asks this same server for a venue's `embed.origins` (app/api/embed/origins). */
export const EMBED_ORIGINS_PATH = '/api/embed/origins';
const FRESH_MS = 60_000;
const RETRY_MS = 5_000;
const cache = new Map<string, { origins: string[]; until: number }>();

/** The page CSP's `frame-ancestors`: the site itself and the venue's own websites (docs/embed.md). */
export function frameAncestors(origins: readonly string[]): string {
  const valid = origins.filter((o) => /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/.test(o));
  return ["'self'", ...valid].join(' ');
}

/** The enforced policy with this venue's frame ancestors instead of `'self'` alone. */
export function enforcedPolicyFor(origins: readonly string[]): string {
  return ENFORCED_CSP.replace("frame-ancestors 'self'", `frame-ancestors ${frameAncestors(origins)}`);
}

/**
 * The venue's allowed embedding origins, asked of this server once a minute per venue and
 * kept in this process. The proxy stays synchronous: until the first answer (the first page
 * after a start), and after a failed read for 5 s, the pages allow `'self'` only; after an
 * import the new list applies within a minute.
 */
function originsFor(request: NextRequest, venueKey: string, now: number): string[] {
  const hit = cache.get(venueKey);
  if (!hit || hit.until <= now) {
    cache.set(venueKey, { origins: hit?.origins ?? [], until: now + RETRY_MS });
    void refresh(request, venueKey);
  }
  return cache.get(venueKey)!.origins;
}

async function refresh(request: NextRequest, venueKey: string) {
  try {
    const url = new URL(request.url);
    url.pathname = EMBED_ORIGINS_PATH;
    url.search = new URLSearchParams({ venue: venueKey }).toString();
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    if (!res.ok) return;
    const body = (await res.json()) as { origins?: unknown };
    const origins = Array.isArray(body.origins) ? body.origins.filter((o): o is string => typeof o === 'string') : [];
    cache.set(venueKey, { origins, until: Date.now() + FRESH_MS });
  } catch {
    // the pages keep the last list (or 'self') and ask again in 5 s
  }
}

/** Sets the per-venue enforced CSP on a page answer (it replaces next.config's `frame-ancestors 'self'`). */
export function withFrameAncestors(request: NextRequest, venueKey: string, response: NextResponse): NextResponse {
  const origins = originsFor(request, venueKey, Date.now());
  if (origins.length) response.headers.set('Content-Security-Policy', combined(origins));
  return response;
}

function combined(origins: string[]): string {
  // With CSP_ENFORCE_SCRIPTS the script policy is enforced in the same header (lib/security/headers.cjs).
  const policy = enforcedPolicyFor(origins);
  return process.env.CSP_ENFORCE_SCRIPTS === 'true' ? `${policy}; ${scriptPolicy(process.env)}` : policy;
}
