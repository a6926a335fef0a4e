import 'server-only';
import type { Db } from '@/server/db/types';
import type { VenueContext } from '@/server/venues/context';
import { isWellFormedBookingHash } from '@/lib/booking/reference';
import { ok, refused, type Outcome } from '@/lib/backend/outcome';
import type { AnswerLinkView, StaffAnswerLink } from '@/lib/backend/staff';
import { readAnswerLink, type AnswerLink } from '@/server/booking/answer-link';
import { answerByLink, answerLinkState, type LinkState } from './links';

/**
 * The venue e-mail's one-click Confirm / Decline links' core (issue 42, "One core, two doors"):
 * what the contract's `answerlink/*` (server/staff/calls-links.ts) and the built-in staff door
 * (server/backend/builtin-staff.ts) both call. A link that is not the site's is `invalid` (400).
 */

const linkOf = (l: StaffAnswerLink): AnswerLink | null => (isWellFormedBookingHash(l.hash) ? readAnswerLink(l.hash, { a: l.a, v: l.v, s: l.s }) : null);
const notALink = () => refused(400, 'invalid', {});

function pageOf(state: LinkState, timezone: string): Outcome<AnswerLinkView> {
  if (state.state === 'invalid') return notALink();
  const b = state.booking;
  return ok({ state: state.state, timezone, booking: { hash: b.hash, status: b.status, name: b.name, date: b.date, time: b.time, partySize: b.covers, notes: b.notes, answeredAt: b.answeredAt } });
}

/** The link's page: the request and whether the link is still open, answered or expired. */
export async function staffAnswerLink(db: Db, venue: VenueContext, link: StaffAnswerLink): Promise<Outcome<AnswerLinkView>> {
  return pageOf(await answerLinkState(db, venue, linkOf(link)), venue.timezone);
}

/** The link's answer, once (its e-mails linking to `linkHost`); the page as it is afterwards. */
export async function staffAnswerByLink(db: Db, venue: VenueContext, link: StaffAnswerLink, note: string, linkHost: string): Promise<Outcome<AnswerLinkView>> {
  const read = linkOf(link);
  const outcome = await answerByLink(db, venue, read, linkHost, note.slice(0, 500));
  if (outcome.result === 'invalid') return notALink();
  return pageOf(await answerLinkState(db, venue, read), venue.timezone);
}
