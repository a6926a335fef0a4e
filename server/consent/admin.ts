import 'server-only';
import { z } from 'zod';
import { isAdminAuthorized } from '@/server/backend/token';
import { getDb } from '@/server/db/client';
import { frontRefusal } from '@/server/backend/front';
import { log } from '@/lib/log';
import { eraseGuest, exportGuest } from './guest-data';

const bodySchema = z.object({ action: z.enum(['export', 'erase']), email: z.string().trim().min(3).max(254).includes('@') });

/**
 * `POST /api/admin/guests {action: export|erase, email}`, authorised with the admin token: one
 * guest's data as JSON, or its erasure (docs/privacy.md). A front (BACKEND_URL set) refuses
 * with 409: the guests' data lives on its backend.
 */
export async function guestDataFromRequest(request: Request): Promise<Response> {
  if (!isAdminAuthorized(request.headers.get('authorization'))) {
    log.warn('admin_unauthorized', { path: 'guests' });
    return Response.json({ status: false, error: 'unauthorized' }, { status: 401 });
  }
  const refused = frontRefusal('admin', '/api/admin/guests');
  if (refused) return refused;
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ status: false, error: 'invalid' }, { status: 400 });
  const db = await getDb();
  if (parsed.data.action === 'export') return Response.json({ status: true, data: await exportGuest(db, parsed.data.email) }, { headers: { 'Cache-Control': 'private, no-store' } });
  const counts = await eraseGuest(db, parsed.data.email);
  log.info('guest_erased', counts);
  return Response.json({ status: true, data: counts }, { headers: { 'Cache-Control': 'private, no-store' } });
}
