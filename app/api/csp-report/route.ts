import { handleCspReport } from '@/server/http/csp-report';
import { BODY_LIMITS, guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

/** Violations of the report-only script policy (docs/security.md, "Headers"), logged. */
export const POST = guarded({ type: 'csp-report', limit: BODY_LIMITS.cspReport, sameOrigin: false }, handleCspReport);
