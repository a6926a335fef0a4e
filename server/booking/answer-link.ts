import 'server-only';
import { isLinkSignature, linkSignature } from '@/server/backend/signatures';
import type { ReservationRow, VenueRow } from '@/server/db/schema';

/**
 * One-click answers from the venue's notification e-mail (issue 23): "Confirm" and
 * "Decline" links that need no sign-in. Each link names the booking, the answer and the
 * booking's version, signed (HMAC under the answer links' own key, derived from the site's link secret:
 * server/backend/signatures.ts),
 * so it is:
 * - single-use: the answer moves the version, so any later click (or a concurrent one) is
 *   refused and shows what was done and when;
 * - voided by an edit: the guest's change moves the version too;
 * - expired at the booking's time.
 * A GET only shows the page; the answer is the page's POST, so mail scanners change nothing.
 */
export const LINK_ACTIONS = ['confirm', 'decline'] as const;
export type LinkAction = (typeof LINK_ACTIONS)[number];
export const isLinkAction = (value: unknown): value is LinkAction => value === 'confirm' || value === 'decline';


export type AnswerLink = { hash: string; action: LinkAction; version: number; signature: string };

/** The path of a link (made absolute with the venue's origin by the caller). */
export function answerLinkPath(venue: Pick<VenueRow, 'id'>, r: Pick<ReservationRow, 'hash' | 'revision'>, action: LinkAction): string {
  return `/staff/answer/${r.hash}?a=${action}&v=${r.revision}&s=${linkSignature('staff-answer-link', venue.id, r.hash, action, r.revision)}`;
}

export function isSignedLink(venue: Pick<VenueRow, 'id'>, link: AnswerLink): boolean {
  return isLinkSignature(link.signature, 'staff-answer-link', venue.id, link.hash, link.action, link.version);
}

/** Reads a link's query; null when a part is missing or malformed. */
export function readAnswerLink(hash: string, query: { a?: unknown; v?: unknown; s?: unknown }): AnswerLink | null {
  const version = Number(query.v);
  if (!isLinkAction(query.a) || !Number.isInteger(version) || version < 0 || typeof query.s !== 'string' || !/^[A-Za-z0-9_-]{32}$/.test(query.s)) return null;
  return { hash, action: query.a, version, signature: query.s };
}
