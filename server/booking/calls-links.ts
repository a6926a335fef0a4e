import 'server-only';
import type { CallContext, Envelope } from '@/server/backend/call';
import { isReminderAnswer, linkIdOf, type LinkBooking, type OfferPage, type ReminderLink, type ReminderPage } from '@/lib/backend/links';
import type { Outcome } from './lifecycle';
import { badLink, tableAnswerReminder, tableClaimOffer, tableOffer, tableReminder } from './links-core';

/**
 * The guest's signed link pages through the contract (issue 41, point 14; docs/backend-contract.md,
 * "Link pages"): the reminder's "I'm coming" / "Cancel" and the waiting-list offer's claim. The
 * backend checks the link's signature (its own key: server/backend/signatures.ts), so a front
 * shows and acts on them without a database or a secret of its own. The wire read, then the
 * core (server/booking/links-core.ts), its answer written as the wire names it (`covers`).
 */

const wireBooking = (b: LinkBooking) => ({ hash: b.hash, status: b.status, date: b.date, time: b.time, covers: b.partySize });
const onWire = <P extends ReminderPage | OfferPage>(outcome: Outcome<P>): Envelope => (outcome.status ? { status: true, data: { ...outcome.data, booking: wireBooking(outcome.data.booking) } } : outcome);

const reminderLinkOf = (params: URLSearchParams): ReminderLink => ({ hash: params.get('hash') ?? '', v: params.get('v') ?? '', s: params.get('s') ?? '' });

/** `reservation/reminder` `{hash, v, s}`: what the reminder link shows (the question, or how it ended). */
export async function getReminderLink({ db, venue, params }: CallContext): Promise<Envelope> {
  return onWire(await tableReminder(db, venue, reminderLinkOf(params)));
}

/** `reservation/confirmreminder` `{hash, v, s, a: coming|cancel}`: the guest's answer, once; answers the page as it is afterwards. */
export async function confirmReminderLink({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  const answer = params.get('a');
  if (!isReminderAnswer(answer)) return badLink();
  return onWire(await tableAnswerReminder(db, venue, reminderLinkOf(params), answer, linkHost));
}

const offerLinkOf = (params: URLSearchParams) => ({ id: linkIdOf(params.get('id') ?? ''), s: params.get('s') ?? '' });

/** `waitlist/offer` `{id, s}`: what the claim link shows (the table and how long it is held, or how it ended). */
export async function getWaitlistOffer({ db, venue, params }: CallContext): Promise<Envelope> {
  return onWire(await tableOffer(db, venue, offerLinkOf(params)));
}

/**
 * `waitlist/claim` `{id, s}`: claims the offer; answers the page as it is afterwards. A claim
 * once the table's time has come is `409 slotStarted` (issue 41, point 8), and changes nothing.
 */
export async function claimWaitlistOffer({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  return onWire(await tableClaimOffer(db, venue, offerLinkOf(params), linkHost));
}
