import 'server-only';
import type { Db } from '@/server/db/types';
import type { ReservationRow } from '@/server/db/schema';
import type { VenueContext } from '@/server/venues/context';
import type { LinkBooking, OfferPage, ReminderAnswer, ReminderLink, ReminderPage, SignedLink } from '@/lib/backend/links';
import { ok, refused, type Outcome } from './lifecycle';
import { answerReminder, readReminderLink, reminderPage, type ReminderPage as ReminderState } from './reminders';
import { claimOffer, offerPage, type OfferPage as OfferState } from './waitlist';
import { localMoment } from './time';

/**
 * The guest's signed link pages' core (issue 42, "One core, two doors"): the reminder's "I'm
 * coming" / "Cancel" and the waiting-list offer's claim, typed, `partySize` for the party. Both
 * doors call it: the built-in backend directly (server/backend/builtin.ts, `builtinGuestLinks`),
 * the contract's inbound adapter after reading the wire (server/booking/calls-links.ts). A link
 * that is not the venue's is refused `invalid` (400).
 */

/** A link that is not the venue's (unsigned, unknown, malformed). */
export const badLink = () => refused(400, 'invalid', {});

const linkBookingOf = (r: ReservationRow): LinkBooking => ({ hash: r.hash, status: r.status, date: r.date, time: r.time, partySize: r.covers });

function reminderOutcome(page: ReminderState, currency: string): Outcome<ReminderPage> {
  if (page.state === 'invalid') return badLink();
  const open = page.state === 'open';
  return ok({ state: page.state, booking: linkBookingOf(page.booking), freeCancel: open ? page.freeCancel : true, feeCents: open ? page.feeCents : 0, currency });
}

const readLink = (link: ReminderLink) => readReminderLink(link.hash, { v: link.v, s: link.s });

/** What the reminder link shows: the question, or how it ended. */
export async function tableReminder(db: Db, venue: VenueContext, link: ReminderLink): Promise<Outcome<ReminderPage>> {
  return reminderOutcome(await reminderPage(db, venue, readLink(link)), venue.currency);
}

/** The guest's answer on the reminder's page, once; the page as it is afterwards. Its e-mails link to `linkHost`. */
export async function tableAnswerReminder(db: Db, venue: VenueContext, link: ReminderLink, answer: ReminderAnswer, linkHost: string): Promise<Outcome<ReminderPage>> {
  const read = readLink(link);
  if (!read) return badLink();
  const state = await answerReminder(db, venue, read, answer, linkHost);
  if (state === 'invalid') return badLink();
  return reminderOutcome(await reminderPage(db, venue, read), venue.currency);
}

function offerOutcome(page: OfferState, timeZone: string): Outcome<OfferPage> {
  if (page.state === 'invalid') return badLink();
  return ok({ state: page.state, booking: linkBookingOf(page.booking), until: localMoment(timeZone, page.expiresAt).time });
}

/** What a waiting-list offer's link shows: the table and until when it is held, or how it ended. */
export async function tableOffer(db: Db, venue: VenueContext, link: SignedLink): Promise<Outcome<OfferPage>> {
  return offerOutcome(await offerPage(db, venue, link.id, link.s), venue.timezone);
}

/** Claims a waiting-list offer; the page as it is afterwards. Once the table's time has come: `slotStarted` (409), nothing changed. */
export async function tableClaimOffer(db: Db, venue: VenueContext, link: SignedLink, linkHost: string): Promise<Outcome<OfferPage>> {
  const page = await claimOffer(db, venue, link.id, link.s, linkHost);
  if (page.state === 'started') return refused(409, 'slotStarted');
  return offerOutcome(page, venue.timezone);
}
