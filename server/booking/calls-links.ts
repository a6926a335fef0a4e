import 'server-only';
import type { ReservationRow } from '@/server/db/schema';
import type { CallContext, Envelope } from '@/server/backend/call';
import { invalid } from '@/server/backend/answers';
import { answerReminder, isReminderAction, readReminderLink, reminderPage, type ReminderPage } from './reminders';
import { claimOffer, offerPage, type OfferPage } from './waitlist';
import { localMoment } from './time';

/**
 * The guest's signed link pages through the contract (issue 41, point 14; docs/backend-contract.md,
 * "Link pages"): the reminder's "I'm coming" / "Cancel" and the waiting-list offer's claim. The
 * backend checks the link's signature (its own key: server/backend/signatures.ts), so a front
 * shows and acts on them without a database or a secret of its own.
 */

const bookingOf = (r: ReservationRow) => ({ hash: r.hash, status: r.status, date: r.date, time: r.time, covers: r.covers });
const badLink = invalid({}, 'invalid');

function reminderAnswer(page: ReminderPage, currency: string): Envelope {
  if (page.state === 'invalid') return badLink;
  const open = page.state === 'open';
  return { status: true, data: { state: page.state, booking: bookingOf(page.booking), freeCancel: open ? page.freeCancel : true, feeCents: open ? page.feeCents : 0, currency } };
}

const reminderLinkOf = (params: URLSearchParams) => readReminderLink(params.get('hash') ?? '', { v: params.get('v') ?? '', s: params.get('s') ?? '' });

/** `reservation/reminder` `{hash, v, s}`: what the reminder link shows (the question, or how it ended). */
export async function getReminderLink({ db, venue, params }: CallContext): Promise<Envelope> {
  return reminderAnswer(await reminderPage(db, venue, reminderLinkOf(params)), venue.currency);
}

/** `reservation/confirmreminder` `{hash, v, s, a: coming|cancel}`: the guest's answer, once; answers the page as it is afterwards. */
export async function confirmReminderLink({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  const link = reminderLinkOf(params);
  const action = params.get('a');
  if (!link || !isReminderAction(action)) return badLink;
  const state = await answerReminder(db, venue, link, action, linkHost);
  if (state === 'invalid') return badLink;
  return reminderAnswer(await reminderPage(db, venue, link), venue.currency);
}

const offerIdOf = (params: URLSearchParams) => {
  const id = params.get('id') ?? '';
  return /^\d{1,9}$/.test(id) ? Number(id) : 0;
};

function offerAnswer(page: OfferPage, timeZone: string): Envelope {
  if (page.state === 'invalid') return badLink;
  return { status: true, data: { state: page.state, booking: bookingOf(page.booking), until: localMoment(timeZone, page.expiresAt).time } };
}

/** `waitlist/offer` `{id, s}`: what the claim link shows (the table and how long it is held, or how it ended). */
export async function getWaitlistOffer({ db, venue, params }: CallContext): Promise<Envelope> {
  return offerAnswer(await offerPage(db, venue, offerIdOf(params), params.get('s') ?? ''), venue.timezone);
}

/**
 * `waitlist/claim` `{id, s}`: claims the offer; answers the page as it is afterwards. A claim
 * once the table's time has come is `409 slotStarted` (issue 41, point 8), and changes nothing.
 */
export async function claimWaitlistOffer({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  const page = await claimOffer(db, venue, offerIdOf(params), params.get('s') ?? '', linkHost);
  if (page.state === 'started') return { httpStatus: 409, status: false, error: 'slotStarted' };
  return offerAnswer(page, venue.timezone);
}
