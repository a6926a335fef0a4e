import 'server-only';
import { changeable as isChangeable } from './lifecycle';
import { cancelBooking, moveBooking, type BookingLife } from './moves';
import { isWellFormedBookingHash } from '@/lib/booking/reference';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { reservations, slotHolds, zones, type ReservationRow, type Texts, type VenueRow } from '@/server/db/schema';
import { kickDelivery } from '@/server/outbox/delivery';
import { log } from '@/lib/log';
import type { ReservationData } from '@/lib/forms/reservation';
import { bookingGuestColumns } from '@/server/consent/guest-columns';
import { emptyUsage, fits } from './availability';
import { queueReservationEmails } from './emails';
import { cancellationFee, guaranteeTerms } from './guarantee';
import { offerWithin } from './waitlist';
import { keptTables } from './tables';
import { capacityLock, checkChoice, loadBookingVenue, placeColumns, requireModule, usageBetween } from './service';
import { now as clockNow } from '@/server/clock';
import { cancelReservationExperience, experienceOfReservation, moveReservationExperience } from '@/server/experiences/service';

/** The experience added to a booking, as its pages show it. */
async function experienceView(db: Db, reservationId: number) {
  const e = await experienceOfReservation(db, reservationId);
  return e ? { hash: e.hash, titolo: e.title } : null;
}

/** A booking key of either shape: the readable one of new bookings, or the base64url of links sent before (issue 45). */
export const isWellFormedHash = isWellFormedBookingHash;

export async function findReservation(db: Db, venue: VenueRow, hash: string): Promise<ReservationRow | null> {
  if (!isWellFormedHash(hash)) return null;
  const [r] = await db.select().from(reservations).where(and(eq(reservations.venueId, venue.id), eq(reservations.hash, hash)));
  return r ?? null;
}

/** Whether the guest can still change or cancel it: the lifecycle's rule (standing, and not yet begun). */
const changeable = (venue: VenueRow, r: ReservationRow, now: Date) => isChangeable(venue.timezone, r, now);

/** A zone's name by its key (an unknown key: the key itself). */
export async function zoneName(db: Db, venue: VenueRow, key: string): Promise<Texts> {
  const [zone] = await db.select({ name: zones.name }).from(zones).where(and(eq(zones.venueId, venue.id), eq(zones.key, key)));
  return zone?.name ?? { it: key };
}

/** `reservation/get`: the booking for its edit and cancel pages (the hash is the guest's key). */
export async function reservationView(db: Db, venue: VenueRow, hash: string, now = clockNow()) {
  const r = await findReservation(db, venue, hash);
  if (!r) return null;
  const fee = cancellationFee(r.guaranteeTerms, { timeZone: venue.timezone, date: r.date, time: r.time, covers: r.covers }, now);
  return {
    hash: r.hash,
    status: r.status,
    pax: r.covers,
    date: r.date,
    time: r.time,
    zone: r.zoneKey,
    zoneName: await zoneName(db, venue, r.zoneKey),
    reservemodule: r.moduleKey ?? '',
    nome: r.firstName,
    cognome: r.lastName,
    email: r.email,
    prefisso: r.phonePrefix,
    telefono: r.phone,
    motivo: r.visitReason ?? '',
    compleannoGiorno: r.birthDay ?? '',
    compleannoMese: r.birthMonth ?? '',
    note: r.notes,
    marketing: r.marketingAcceptedAt !== null,
    guarantee: r.guaranteeTerms,
    changeable: changeable(venue, r, now),
    cancellation: { free: fee.free, feeCents: fee.feeCents, deadline: fee.deadline?.toISOString() ?? null },
    cancellationFeeCents: r.cancellationFeeCents,
    experience: await experienceView(db, r.id),
  };
}

export type EditOutcome = 'changed' | 'reserveEditCcError' | 'reserveEditWaitingListError' | 'reserveEditSoldOutError' | 'notChangeable' | 'notFound';

/** A table booking in the lifecycle (server/booking/moves.ts): what it holds is its evening's shift, locked by its day's capacity lock. */
export const TABLE_LIFE: BookingLife<{ row: ReservationRow }, ReservationRow> = {
  find: async (db, venue, hash) => {
    const row = await findReservation(db, venue, hash);
    return row ? { row } : null;
  },
  lockOf: (venue, _found, row) => dayLock(venue, row.date),
  lockRow: reservationForUpdate,
  kick: kickDelivery,
  events: { changed: 'reservation_changed', editRefused: 'reservation_edit_refused', cancelled: 'reservation_cancelled' },
  logged: (_venue, row) => ({ reservationId: row.id }),
};

/** A table booking's row, locked for update (under its day's capacity lock). */
export async function reservationForUpdate(tx: Db, id: number): Promise<ReservationRow | undefined> {
  return (await tx.select().from(reservations).where(eq(reservations.id, id)).for('update'))[0];
}

/** The capacity lock of the day a booking's shift is on (all its shifts share it), named as the lifecycle orders the locks of a move. */
const dayLock = (venue: VenueRow, date: string) => capacityLock(venue.id, date);

/**
 * `reservation/edit`: moves a booking to a new party size, date, time or zone in one
 * transaction (the old seats freed, the new ones taken under the locks of both shifts,
 * never beyond capacity). Refused when the new choice needs a card guarantee the booking
 * lacks, would go on the waiting list, or is sold out: the guest tries another time.
 */
export async function editReservation(
  db: Db,
  venue: VenueRow,
  hash: string,
  input: ReservationData,
  context: { host: string },
  now = clockNow(),
): Promise<{ outcome: EditOutcome; status?: ReservationRow['status'] }> {
  return moveBooking(TABLE_LIFE, { db, venue, hash, now }, async ({ row: current }) => {
    const v = await loadBookingVenue(db, venue);
    const bookingModule = requireModule(v, input.reservemodule ?? current.moduleKey ?? undefined);
    const { shift, zone } = checkChoice(v, venue, input, bookingModule, now);
    // Its payment: a choice that needs a card guarantee needs one given.
    const terms = guaranteeTerms(v.rules, { date: input.date, shiftKey: shift.key, zoneKey: zone.key, pax: input.pax }, venue.currency);
    if (terms && !current.guaranteeReference) {
      log.info('reservation_edit_refused', { reservationId: current.id, reason: 'reserveEditCcError' });
      return 'reserveEditCcError' as const;
    }
    // The evening's usage, read under the locks by the re-check: the tables the moved booking keeps or gets are chosen from it.
    let usage = emptyUsage();
    return {
      lock: dayLock(venue, input.date),
      recheck: async (tx, r) => {
        usage = (await usageBetween(tx, venue.id, input.date, input.date, now, { holdToken: input.holdToken, reservationId: r.id })).get(input.date) ?? emptyUsage();
        if (fits(v, usage, shift, input.time, zone, input.pax)) return v.rules.waitingList ? ('reserveEditWaitingListError' as const) : ('reserveEditSoldOutError' as const);
        // An experience added to the booking moves with it, or the change is refused (docs/experiences.md).
        if (!(await moveReservationExperience(tx, venue, r, { date: input.date, time: input.time, zone: zone.key, covers: input.pax }, now))) return 'reserveEditSoldOutError' as const;
        return null;
      },
      write: async (tx, r) => {
        if (input.holdToken) await tx.delete(slotHolds).where(and(eq(slotHolds.venueId, venue.id), eq(slotHolds.token, input.holdToken)));
        const status = input.pax <= v.rules.autoConfirmMaxCovers ? ('confirmed' as const) : ('pending' as const);
        const [changed] = await tx
          .update(reservations)
          .set({
            ...placeColumns(input, { shift, zone }),
            tables: keptTables(v.rules, usage.seatings, { tables: r.tables, zone: r.zoneKey }, { time: input.time, covers: input.pax, zone: zone.key }),
            status,
            moduleKey: bookingModule?.key ?? null,
            ...bookingGuestColumns(input, input.motivo ?? null),
            marketingAcceptedAt: input.marketing ? (r.marketingAcceptedAt ?? now) : null,
            revision: r.revision + 1,
            updatedAt: now,
          })
          .where(eq(reservations.id, r.id))
          .returning();
        await queueReservationEmails(tx, venue, changed, 'changed', { host: context.host, zoneName: zone.name as Texts, now });
        // The seats it left (its old time, or the covers it no longer needs) go to the waiting list.
        await offerWithin(tx, venue, current.date, current.shiftKey, now);
        return { status };
      },
    };
  });
}

/**
 * `reservation/cancel`: the seats return to availability at once. Inside the policy's limit
 * it is free; past it, the no-show fee of the guarantee is recorded for the venue (the card's
 * guarantee is the payment: nothing to give back).
 */
export async function cancelReservation(db: Db, venue: VenueRow, hash: string, context: { host: string }, now = clockNow()) {
  return cancelBooking(TABLE_LIFE, { db, venue, hash, now }, {
    already: (r) => ({ feeCents: r.cancellationFeeCents ?? 0 }),
    cancel: async (tx, _found, r) => {
      const fee = cancellationFee(r.guaranteeTerms, { timeZone: venue.timezone, date: r.date, time: r.time, covers: r.covers }, now);
      const [cancelled] = await tx
        .update(reservations)
        .set({ status: 'cancelled', cancelledAt: now, cancellationFeeCents: fee.feeCents || null, suspendedUntil: null, revision: r.revision + 1, updatedAt: now })
        .where(eq(reservations.id, r.id))
        .returning();
      await cancelReservationExperience(tx, r.id);
      await queueReservationEmails(tx, venue, cancelled, 'cancelled', { host: context.host, zoneName: await zoneName(tx, venue, r.zoneKey), now });
      // The seats go to the waiting list in this transaction: nobody arriving meanwhile takes them first.
      await offerWithin(tx, venue, r.date, r.shiftKey, now);
      return { answer: { feeCents: fee.feeCents }, refund: null };
    },
  });
}
