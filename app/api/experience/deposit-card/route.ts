import type { NextRequest } from 'next/server';
import { handleDepositCard } from '@/server/experiences/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleDepositCard(request);
}
