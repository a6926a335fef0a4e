import { handleCspReport } from '@/server/csp-report';

export const dynamic = 'force-dynamic';

/** Violations of the report-only script policy (docs/security.md, "Headers"), logged. */
export function POST(request: Request) {
  return handleCspReport(request);
}
