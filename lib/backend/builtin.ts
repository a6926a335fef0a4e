import type { Transport } from './client';
import { dispatch } from '@/server/backend/dispatch';

/** The built-in backend called in-process, through the same dispatcher as its HTTP route. */
export function builtinTransport(venueKey: string): Transport {
  return async (call, payload = {}) => (await dispatch(call, venueKey, new URLSearchParams(payload))).body;
}
