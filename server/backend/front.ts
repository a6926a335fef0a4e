import 'server-only';
import { config } from '@/server/runtime/config';
import { log } from '@/lib/log';

/**
 * With BACKEND_URL set the site is only a front of that backend (docs/backend-contract.md,
 * "Split set-up"): it holds no venue, payment or booking data of its own, so the doors of a
 * backend (the contract API, the admin API, the payment webhooks) answer 409 and say where
 * the request belongs instead of answering from a local database. Null on a built-in backend.
 */
export function frontRefusal(door: 'contract' | 'admin' | 'webhook', path: string): Response | null {
  const backend = config.backendUrl;
  if (!backend) return null;
  const where = `${backend}${path}`;
  const message =
    door === 'webhook'
      ? `This site is a front of ${backend}: it takes no payments of its own. Send payment webhooks to ${where}.`
      : `This site is a front of ${backend}: it holds no data of its own. Send this request to ${where}.`;
  log.warn('front_refused', { door, path });
  return Response.json({ status: false, error: 'front', backend, message }, { status: 409, headers: { 'Cache-Control': 'private, no-store' } });
}
