import 'server-only';
import { createBackendClient, type BackendClient } from './client';
import { legacyTransport } from './legacy';
import { builtinTransport } from './builtin';
import { config } from '@/server/config';

/** The backend for one venue key: the legacy one when BACKEND_URL is set, else the built-in one. */
export function backendFor(venueKey: string): BackendClient {
  const legacy = config.legacyBackend;
  if (legacy) {
    return createBackendClient(legacyTransport({ ...legacy, host: venueKey, timeoutMs: config.backendTimeoutMs }), 'legacy');
  }
  return createBackendClient(builtinTransport(venueKey), 'builtin');
}

export type { BackendClient } from './client';
