import { handleRevalidate } from '@/server/venues/fronts';

export const dynamic = 'force-dynamic';

/** Drops the cached pages of some venues at once (token-protected; called by the backend after a venue change). */
export function POST(request: Request) {
  return handleRevalidate(request);
}
