import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { experienceBookings, type ExperienceBookingRow, type ExperienceRow, type Texts, type VenueRow } from '@/server/db/schema';
import { cancellationFee } from '@/server/booking/guarantee';
import { changeable as isChangeable } from '@/server/booking/lifecycle';
import { cancelBooking, moveBooking, type BookingLife } from '@/server/booking/moves';
import { isWellFormedHash, zoneName } from '@/server/booking/changes';
import { claimUsedDeposit } from '@/server/payments/deposit';
import { kickDelivery } from '@/server/outbox/delivery';
import { now as clockNow } from '@/server/clock';
import { amountDueCents, experienceGuarantee, placesLeft, policyOf, type ScheduledExperience } from './rules';
import { bookedByDate, bookingsWithExperience, checkExperienceChoice, clockFor, lockExperienceDate, rulesOf } from './service';
import { queueExperienceEmails } from './emails';
import { kickWalletDelivery, passChanged } from '@/server/wallet/changes';
import { experiencePatch } from '@/server/wallet/patches';
import { experienceSerial } from '@/server/wallet/items';

/**
 * The guest's own changes to an experience booked on its own (docs/experiences.md, "Change
 * and cancel"), under the table booking's rules: changeable while it stands and has not
 * begun; cancelling is free until the policy's deadline, then the no-show fee is recorded;
 * a deposit or prepayment is refunded in full when the cancellation is free, else kept.
 * An experience added to a table booking changes with that booking.
 */

type Booking = ExperienceBookingRow;

async function findBooking(db: Db, venue: VenueRow, hash: string): Promise<{ b: Booking; e: ScheduledExperience } | null> {
  if (!isWellFormedHash(hash)) return null;
  const [row] = await bookingsWithExperience(db, and(eq(experienceBookings.venueId, venue.id), eq(experienceBookings.hash, hash)));
  return row && row.b.reservationId === null ? row : null;
}

/** Whether the guest can still change or cancel it: the lifecycle's rule (standing, and not yet begun). */
const changeable = (venue: VenueRow, b: Booking, now: Date) => isChangeable(venue.timezone, b, now);

/** What cancelling now means: free or not, the fee recorded, the deadline, and the deposit given back or kept. */
export function cancellationOf(venue: VenueRow, e: ExperienceRow, b: Booking, now: Date) {
  const fee = cancellationFee(policyOf(e, b, venue.currency), { timeZone: venue.timezone, date: b.date, time: b.time || '00:00', covers: b.covers }, now);
  return { free: fee.free, feeCents: fee.feeCents, deadline: fee.deadline, refundCents: b.paidCents > 0 && fee.free ? b.paidCents : 0 };
}

/** Its zone's name (none chosen: null). */
const zoneNameOf = async (db: Db, venue: VenueRow, key: string): Promise<Texts | null> => (key ? zoneName(db, venue, key) : null);

/** `experience/getreserve`: the booking, for its edit and cancel pages (the hash is the guest's key). */
export async function experienceBookingView(db: Db, venue: VenueRow, hash: string, now = clockNow()) {
  const found = await findBooking(db, venue, hash);
  if (!found) return null;
  const { b, e } = found;
  const c = cancellationOf(venue, e, b, now);
  return {
    hash: b.hash,
    experienceId: e.id,
    experienceHash: e.hash,
    titolo: e.title,
    status: b.status,
    pax: b.covers,
    date: b.date,
    time: b.time,
    zone: b.zoneKey,
    zoneName: await zoneNameOf(db, venue, b.zoneKey),
    nome: b.firstName,
    cognome: b.lastName,
    priceCents: b.priceCents,
    paidCents: b.paidCents,
    guarantee: b.guaranteeTerms,
    policy: policyOf(e, b, venue.currency),
    changeable: changeable(venue, b, now) && b.status !== 'waitinglist',
    cancellable: changeable(venue, b, now),
    /** A deposit or prepayment fixes the party: a new size would need another payment. */
    paxFixed: b.paidCents > 0,
    cancellation: { free: c.free, feeCents: c.feeCents, deadline: c.deadline?.toISOString() ?? null, refundCents: c.refundCents },
    cancellationFeeCents: b.cancellationFeeCents,
  };
}

export type ExperienceEditOutcome = 'changed' | 'reserveEditCcError' | 'reserveEditPaymentError' | 'reserveEditWaitingListError' | 'reserveEditSoldOutError' | 'notChangeable' | 'notFound';

type Found = { row: Booking; e: ScheduledExperience };

/** An experience booking's row, locked for update (under its date's lock). */
export async function experienceBookingForUpdate(tx: Db, id: number): Promise<Booking | undefined> {
  return (await tx.select().from(experienceBookings).where(eq(experienceBookings.id, id)).for('update'))[0];
}

/** The lock of an experience's date, named as the lifecycle orders the locks of a move. */
const dateLock = (venue: VenueRow, e: ExperienceRow, date: string) => ({ name: date, take: (tx: Db) => lockExperienceDate(tx, venue.id, e.id, date) });

/** An experience booked on its own in the lifecycle (server/booking/moves.ts): what it holds is its experience's date, under the date's lock. */
export const EXPERIENCE_LIFE: BookingLife<Found, Booking> = {
  find: async (db, venue, hash) => {
    const found = await findBooking(db, venue, hash);
    return found ? { row: found.b, e: found.e } : null;
  },
  lockOf: (venue, { e }, row) => dateLock(venue, e, row.date),
  lockRow: experienceBookingForUpdate,
  kick: () => {
    kickDelivery();
    kickWalletDelivery();
  },
  events: { changed: 'experience_booking_changed', editRefused: 'experience_edit_refused', cancelled: 'experience_booking_cancelled' },
  logged: (venue) => ({ venueId: venue.id }),
};

/**
 * `experience/editreserve`: moves the booking to a new date, time, zone or party size in one
 * transaction holding the locks of the old and new dates (in a fixed order): its own places
 * do not count against the new choice, and the date is never oversold. Refused when the new
 * choice needs a card guarantee the booking lacks, a payment other than the one made, or
 * the places are gone (the guest tries another choice).
 */
export async function editExperienceBooking(
  db: Db,
  venue: VenueRow,
  hash: string,
  input: { day: string; time: string; pax: number; zone: string },
  context: { host: string },
  now = clockNow(),
): Promise<{ outcome: ExperienceEditOutcome }> {
  const result = await moveBooking(EXPERIENCE_LIFE, { db, venue, hash, now }, async ({ row: current, e }) => {
    const rules = rulesOf(venue);
    checkExperienceChoice(e, venue, rules, input, clockFor(venue, rules, now));
    // Its payment: a guarantee needs one given; a deposit or prepayment fixes the amount.
    if (experienceGuarantee(e, venue.currency) && !current.guaranteeReference) return 'reserveEditCcError' as const;
    if (amountDueCents(e, input.pax) !== current.paidCents && (current.paidCents > 0 || amountDueCents(e, input.pax) > 0)) return 'reserveEditPaymentError' as const;
    return {
      lock: dateLock(venue, e, input.day),
      recheck: async (tx, b) => {
        const booked = ((await bookedByDate(tx, e.id, input.day, input.day)).get(input.day) ?? 0) - (b.date === input.day ? b.covers : 0);
        if (placesLeft(e, booked) < input.pax) return e.soldOutActive ? ('reserveEditWaitingListError' as const) : ('reserveEditSoldOutError' as const);
        return null;
      },
      write: async (tx, b) => {
        const status = input.pax > rules.autoConfirmMaxCovers ? ('pending' as const) : ('confirmed' as const);
        const [changed] = await tx
          .update(experienceBookings)
          .set({ date: input.day, time: input.time, zoneKey: input.zone, covers: input.pax, status, priceCents: e.priceCents * input.pax, revision: b.revision + 1 })
          .where(eq(experienceBookings.id, b.id))
          .returning();
        await queueExperienceEmails(tx, venue, e, changed, 'changed', { host: context.host, now });
        await passChanged(tx, venue.id, experienceSerial(changed.hash), experiencePatch(false), now);
        return {};
      },
    };
  });
  return { outcome: result.outcome };
}

/**
 * `experience/cancelreserve`: the places return at once. Inside the policy's limit it is
 * free and a deposit or prepayment is refunded in full (claimed `refunding` in the
 * transaction, refunded after it, as a refused booking's is: docs/payments.md); past the
 * limit the no-show fee is recorded and the payment stays with the venue.
 */
export async function cancelExperienceBooking(db: Db, venue: VenueRow, hash: string, context: { host: string }, now = clockNow()) {
  return cancelBooking(EXPERIENCE_LIFE, { db, venue, hash, now }, {
    already: (b) => ({ feeCents: b.cancellationFeeCents ?? 0, refundCents: 0 }),
    cancel: async (tx, { e }, b) => {
      const c = cancellationOf(venue, e, b, now);
      const [cancelled] = await tx
        .update(experienceBookings)
        .set({ status: 'cancelled', cancelledAt: now, cancellationFeeCents: c.feeCents || null, revision: b.revision + 1 })
        .where(eq(experienceBookings.id, b.id))
        .returning();
      let refund: string | null = null;
      // The booking's payment, claimed once for its refund (a second cancel finds it cancelled above).
      if (c.refundCents > 0 && b.paymentReference && (await claimUsedDeposit(tx, venue, b.paymentReference, now))) refund = b.paymentReference;
      await queueExperienceEmails(tx, venue, e, cancelled, 'cancelled', { host: context.host, now, refundCents: refund ? c.refundCents : 0 });
      // The ticket in the guest's wallet is voided (docs/wallet.md).
      await passChanged(tx, venue.id, experienceSerial(cancelled.hash), experiencePatch(true), now);
      return { answer: { feeCents: c.feeCents, refundCents: refund ? c.refundCents : 0 }, refund };
    },
  });
}
