import 'server-only';
import type { Db } from '@/server/db/types';
import type { VenueRow } from '@/server/db/schema';
import { findReservation } from '@/server/booking/changes';
import { instantOf } from '@/server/booking/time';
import { now as clockNow } from '@/server/clock';
import { answerBooking, type StaffOutcome } from './sheet';
import { staffBookingView, timingOf } from './view';
import { isSignedLink, type AnswerLink } from '@/server/booking/answer-link';

export type LinkState =
  | { state: 'invalid' }
  | { state: 'expired'; booking: ReturnType<typeof staffBookingView> }
  | { state: 'open' | 'answered'; booking: ReturnType<typeof staffBookingView> };

/** What a link shows on GET: open (the button), already answered (what and when), expired, or not a link the site made. */
export async function answerLinkState(db: Db, venue: VenueRow, link: AnswerLink | null, now = clockNow()): Promise<LinkState> {
  if (!link || !isSignedLink(venue, link)) return { state: 'invalid' };
  const r = await findReservation(db, venue, link.hash);
  if (!r) return { state: 'invalid' };
  const booking = staffBookingView(r, new Map(), timingOf(venue), null);
  if (r.revision !== link.version) return { state: 'answered', booking };
  if (instantOf(venue.timezone, r.date, r.time).getTime() <= now.getTime()) return { state: 'expired', booking };
  return { state: r.status === 'pending' ? 'open' : 'answered', booking };
}

/** The page's POST: the answer, once; anything but an open link changes nothing. */
export async function answerByLink(db: Db, venue: VenueRow, link: AnswerLink | null, host: string, note = '', now = clockNow()): Promise<StaffOutcome | { result: 'invalid' | 'expired' }> {
  const state = await answerLinkState(db, venue, link, now);
  if (state.state === 'invalid') return { result: 'invalid' };
  if (state.state === 'expired') return { result: 'expired' };
  return answerBooking(db, venue, { hash: link!.hash, action: link!.action, version: link!.version, note, by: 'link', host }, now);
}
