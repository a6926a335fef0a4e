import 'server-only';
import type { Transport } from '@/lib/backend/client';
import { dispatch } from '@/server/backend/dispatch';

/**
 * The built-in backend called in-process, through the same dispatcher as its HTTP route.
 * A 5xx answer throws, as it does over HTTP (legacy.ts), so both read it as a failed call.
 */
export function builtinTransport(venueKey: string): Transport {
  return async (call, payload = {}) => {
    const { httpStatus, body } = await dispatch(call, venueKey, new URLSearchParams(payload));
    if (httpStatus >= 500) throw new Error(`HTTP ${httpStatus}`);
    return body;
  };
}
