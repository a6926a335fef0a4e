'use client';

import { EMBED_TAG, readFrameName, type EmbedEvent } from './protocol';

/** The host page's origin when this page runs inside the loader's frame, else null. */
export function embedHost(): string | null {
  if (typeof window === 'undefined' || window.self === window.top) return null;
  return readFrameName(window.name)?.origin ?? null;
}

/**
 * Tells the host page (the loader) what happened. The target origin is the one the loader
 * named: the browser delivers nothing should the frame's parent be another site.
 */
export function sendEmbedEvent(event: EmbedEvent) {
  const host = embedHost();
  if (!host) return;
  try {
    window.parent.postMessage({ [EMBED_TAG]: 1, ...event }, host);
  } catch {
    // a malformed origin: nothing is sent
  }
}

/**
 * The booking's id in the `booked` event: a digest of its key, not the key itself (the key
 * opens the booking's change and cancel pages, and the event may go to an analytics tool).
 */
export async function bookingEventId(hash: string): Promise<string> {
  try {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`frontpage-booking:${hash}`));
    return [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
  } catch {
    return '';
  }
}
