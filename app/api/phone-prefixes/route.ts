import type { NextRequest } from 'next/server';
import { handlePhonePrefixes } from '@/server/venues/prefixes-http';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handlePhonePrefixes(request);
}
