import type { Transport } from './client';

/** Spec section 7: 30 s per call (BACKEND_TIMEOUT_MS may change it). */
export const BACKEND_TIMEOUT_MS = 30_000;

export interface LegacyOptions {
  baseUrl: string;
  token: string;
  /** The guest's host, forwarded so the legacy backend knows the venue. */
  host: string;
  /** This front's guest-facing origin (`https://host[:port]`), for the links the backend e-mails. */
  origin?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The legacy backend over HTTP: POST, form-urlencoded, bearer token, 30 s time-out (spec section 7). */
export function legacyTransport(options: LegacyOptions): Transport {
  const doFetch = options.fetch ?? fetch;
  return async (call, payload = {}) => {
    const response = await doFetch(`${options.baseUrl}/backend/api/frontpage/${call}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Bearer ${options.token}`,
        'X-Forwarded-Host': options.host,
        ...(options.origin ? { 'X-Frontpage-Origin': options.origin } : {}),
      },
      body: new URLSearchParams(payload).toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? BACKEND_TIMEOUT_MS),
      cache: 'no-store',
    });
    // A 4xx carries the contract's answer (e.g. field errors); anything else non-2xx is a failure.
    if (!response.ok && (response.status < 400 || response.status >= 500)) throw new Error(`HTTP ${response.status}`);
    return response.json();
  };
}
