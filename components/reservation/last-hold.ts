'use client';

/**
 * The guest's last hold token, kept in localStorage so that it outlives a closed tab: the next
 * hold from the same browser replaces it (the hold call's `holdToken`), and a guest who dropped
 * out at the card step and comes back is not counted twice against the per-address limits
 * (issue 45). Storage denied (a frame on another site): nothing is kept, the hold runs out.
 */
import { useEffect, useRef } from 'react';
import { readSession, writeSession } from './session';
import { HOLD_KEY } from './types';
import type { Hold } from './hold-notice';

export const LAST_HOLD_KEY = 'frontpageLastHold';

export function lastHoldToken(): string | undefined {
  try {
    return localStorage.getItem(LAST_HOLD_KEY) || undefined;
  } catch {
    return undefined;
  }
}

export function rememberHold(token: string | null) {
  try {
    if (token) localStorage.setItem(LAST_HOLD_KEY, token);
    else localStorage.removeItem(LAST_HOLD_KEY);
  } catch {
    // storage denied: the hold simply runs out
  }
}

export const RELEASE_URL = '/api/reservation/release';

/**
 * Gives a hold back while the page goes away (`pagehide`): a beacon, which the browser sends
 * after the page is gone, to the same origin with a JSON body (the release route takes
 * `application/json` only; a beacon's same-origin request carries its Origin). A browser whose
 * beacon refuses a JSON blob gets a `keepalive` fetch instead.
 */
export function releaseOnLeave(token: string) {
  const body = JSON.stringify({ holdToken: token });
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(RELEASE_URL, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // a beacon refused (an older browser's rule on JSON blobs): the fetch below
  }
  void fetch(RELEASE_URL, { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body }).catch(() => undefined);
}

/**
 * While the wizard is shown: when the page goes away (`pagehide`: the tab closed, another site,
 * a reload) the hold in the session is released by beacon and dropped from the session;
 * `onReleased` tells the wizard. The token stays in localStorage: should the beacon not arrive,
 * this browser's next hold still replaces it.
 */
export function useReleaseOnLeave(onReleased: () => void) {
  const released = useRef(onReleased);
  useEffect(() => {
    released.current = onReleased;
  });
  useEffect(() => {
    const leave = () => {
      const current = readSession<Hold>(HOLD_KEY);
      if (!current) return;
      writeSession(HOLD_KEY, null);
      releaseOnLeave(current.token);
      released.current();
    };
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, []);
}
