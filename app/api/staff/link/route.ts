import type { NextRequest } from 'next/server';
import { handleAnswerLink } from '@/server/staff/http';

export const dynamic = 'force-dynamic';

/** The one-click answer page's form (the venue's e-mail links lead to the page; only this POST acts). */
export function POST(request: NextRequest) {
  return handleAnswerLink(request);
}
