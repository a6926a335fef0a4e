import { rotateVenueTokenFromRequest } from '@/server/staff/admin';

export const dynamic = 'force-dynamic';

/** A new venue credential (used by `npm run venue:token`). */
export async function POST(request: Request) {
  return rotateVenueTokenFromRequest(request);
}
