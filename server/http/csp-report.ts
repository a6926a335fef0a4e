import 'server-only';
import { refuseOverLimit } from '@/server/limits';
import { log } from '@/lib/log';

const MAX_BYTES = 8_192;

/** A field of a report as a short string (reports are written by browsers, read as untrusted). */
const field = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 300) : undefined);

/**
 * `POST /api/csp-report`: what the report-only script policy would have blocked, as browsers
 * send it (`application/csp-report`, `{"csp-report": {...}}`), logged as `csp_violation` so an
 * operator sees which of a venue's header scripts comes from a host the policy does not name.
 * Limited per address (`cspReport`); always answers 204, never an error page.
 */
export async function handleCspReport(request: Request): Promise<Response> {
  const refused = await refuseOverLimit(request, 'cspReport');
  if (refused) return refused;
  const text = (await request.text().catch(() => '')).slice(0, MAX_BYTES);
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const report = (body['csp-report'] ?? body) as Record<string, unknown>;
    log.warn('csp_violation', {
      directive: field(report['effective-directive'] ?? report['violated-directive']),
      blocked: field(report['blocked-uri']),
      page: field(report['document-uri']),
    });
  } catch {
    // not a report: nothing to log
  }
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'private, no-store' } });
}
