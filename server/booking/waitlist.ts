import 'server-only';
import { isLinkSignature, linkSignature } from '@/server/backend/signatures';
import { venueLinkHost } from '@/server/venues/queries';
import { linkOriginFrom } from '@/server/venues/context';
import { and, asc, eq, gte, inArray, lte, notInArray } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { reservations, venues, waitlistOffers, zones, type ReservationRow, type Texts, type VenueRow } from '@/server/db/schema';
import { enqueueMessages, type EmailFrame, type SmsMessage } from '@/server/outbox/enqueue';
import { kickDelivery } from '@/server/outbox/delivery';
import { formatIcu, renderEmailTexts } from '@/server/outbox/templates';
import { venuePageUrl } from '@/lib/venue/origin';
import { now as clockNow } from '@/server/clock';
import { formatLongDate } from '@/lib/i18n/format';
import { toLocale } from '@/lib/i18n/locales';
import { errorMessage, log } from '@/lib/log';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';
import { addDays, emptyUsage, fits } from './availability';
import { suggestTables } from './tables';
import { guaranteeTerms } from './guarantee';
import { queueReservationEmails } from './emails';
import { issueCode } from './sms';
import { capacityLock, loadBookingVenue, needsSmsCode, usageBetween } from './service';
import { holding } from './moves';
import { instantOf, localMoment } from './time';
import { fill } from '@/lib/i18n/fill';

/**
 * Waiting-list offers (issue 24; docs/waitlist.md). When seats free up on an evening (a
 * cancel, an edit, a decline or cancel by the venue, an expired hold, SMS code or offer), the
 * entries of its waiting list whose party now fits are offered them, in the order they joined:
 * - an offer holds the entry's seats for `booking.waitlistOffers.minutes` (availability counts
 *   open offers as it counts holds), so they are not free to others meanwhile;
 * - a seat is offered to one guest at a time: the next entry is offered only what is left
 *   beyond the open offers, and an entry whose offer expired is not offered again
 *   automatically (staff may offer by hand);
 * - everything runs under the evening's capacity lock, the same lock every booking takes, so
 *   offers, claims and new bookings never seat more than the capacity;
 * - the offer goes by e-mail (and SMS where the venue sends reminders by SMS) with a signed
 *   claim link; a claim seats the entry by the rules of a new booking (the venue's
 *   confirmation above its limit, the SMS code where asked). A venue that asks a card for that
 *   choice sends the guest to its booking form instead (the card is given there).
 * - only for a table whose time has not come (issue 41, point 8): no offer is made, by the
 *   sweep or by staff, for a slot that has started where the venue is, and a claim arriving
 *   after the slot's start is refused (`started`; the contract's `409 slotStarted`).
 */

const catalogues = { it, en, fr, es, de };
const texts = (locale: string) => catalogues[toLocale(locale)].waitlist;

/** Whether the booking's table time has come, in the venue's time zone: then nothing is offered or claimed for it. */
export const slotStarted = (venue: Pick<VenueRow, 'timezone'>, r: Pick<ReservationRow, 'date' | 'time'>, now: Date) =>
  instantOf(venue.timezone, r.date, r.time).getTime() <= now.getTime();

/** The claim link's path: `/frontpage/waitlist/{offer}?s=...`. */
export const offerLinkPath = (venueId: number, offerId: number) => `/frontpage/waitlist/${offerId}?s=${linkSignature('waitlist-offer', venueId, offerId)}`;

/** The venue's rules as they are now, not as a cached page saw them (staff may have switched automatic offers off a moment ago). */
async function fresh(db: Db, given: VenueRow): Promise<VenueRow> {
  const [venue] = await db.select().from(venues).where(eq(venues.id, given.id));
  return venue ?? given;
}

/** The offer's e-mail (and SMS), queued in the transaction that makes it, in one insert. */
async function queueOffer(tx: Db, venue: VenueRow, r: ReservationRow, offerId: number, expiresAt: Date, minutes: number, frame: EmailFrame, sms: boolean) {
  const host = linkOriginFrom(frame.linkHost);
  const locale = toLocale(r.locale);
  const t = texts(locale);
  const link = venuePageUrl(host, locale, offerLinkPath(venue.id, offerId));
  const until = localMoment(venue.timezone, expiresAt).time;
  const date = formatLongDate(r.date, locale);
  // The deadline in words (issue 45): "within 15 minutes, by 21:35".
  const within = formatIcu(t.email.within, { minutes, until }, locale);
  const vars = { venueName: venue.name, firstName: r.firstName, date, time: r.time, covers: String(r.covers), until, within, link };
  const mail = renderEmailTexts(t.email, locale, vars, [
    [t.email.when, `${date}, ${r.time}`],
    [t.email.party, String(r.covers)],
    [t.email.until, until],
  ]);
  const textMessages: SmsMessage[] = [];
  if (sms && r.phone) {
    const text = fill(t.sms, vars as Record<string, string>);
    textMessages.push({ venueId: venue.id, template: 'waitlistOffer', locale, to: `${r.phonePrefix}${r.phone}`, text, dedupeKey: `waitlist-offer:sms:${offerId}` });
  }
  await enqueueMessages(tx, { emails: [{ venueId: venue.id, template: 'waitlistOffer', locale, to: r.email, ...mail, dedupeKey: `waitlist-offer:email:${offerId}` }], sms: textMessages }, frame);
}

/** The evening's venue rules and seat usage, as an offer is judged against them. */
type Evening = { v: Awaited<ReturnType<typeof loadBookingVenue>>; usage: ReturnType<typeof emptyUsage> };

async function eveningOf(tx: Db, venue: VenueRow, date: string, now: Date, known?: Evening['v']): Promise<Evening> {
  const v = known ?? (await loadBookingVenue(tx, venue));
  return { v, usage: (await usageBetween(tx, venue.id, date, date, now)).get(date) ?? emptyUsage() };
}

/**
 * Opens an offer for an entry inside the evening's locked transaction, if its party fits now.
 * `evening`, when given, is the evening as read under its lock since the last offer was made
 * (an offer changes the usage, a refusal does not), so a long waiting list is judged without a
 * query per entry.
 */
async function openOffer(tx: Db, venue: VenueRow, entry: ReservationRow, by: 'auto' | 'staff', minutes: number, frame: EmailFrame, sms: boolean, now: Date, evening?: Evening): Promise<number | null> {
  if (slotStarted(venue, entry, now)) return null;
  const { v, usage } = evening ?? (await eveningOf(tx, venue, entry.date, now));
  const shift = v.shifts.find((s) => s.key === entry.shiftKey);
  const zone = v.zones.find((z) => z.key === entry.zoneKey);
  if (!shift || !zone) return null;
  if (fits(v, usage, shift, entry.time, zone, entry.covers)) return null;
  // Held for the venue's minutes, but never past the table's own time (a claim is refused from then on).
  const expiresAt = new Date(Math.min(now.getTime() + minutes * 60_000, instantOf(venue.timezone, entry.date, entry.time).getTime()));
  const [offer] = await tx
    .insert(waitlistOffers)
    .values({ venueId: venue.id, reservationId: entry.id, status: 'open', offeredBy: by, expiresAt, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: waitlistOffers.id });
  if (!offer) return null;
  await queueOffer(tx, venue, entry, offer.id, expiresAt, Math.round((expiresAt.getTime() - now.getTime()) / 60_000), frame, sms);
  return offer.id;
}

/**
 * Offers an evening's freed seats to its waiting list, in join order (see above). Expired
 * offers of the evening are closed first (their seats pass on). Returns the offers made.
 */
export async function offerFreedSeats(db: Db, venue: VenueRow, date: string, shiftKey: string, now = clockNow()): Promise<number[]> {
  const lock = capacityLock(venue.id, date);
  const made = await holding([lock], () => db.transaction(async (tx) => {
    await lock.take(tx);
    return offerWithin(tx, venue, date, shiftKey, now);
  }));
  if (made.length) kickDelivery();
  return made;
}

/**
 * The same inside a transaction that already holds the evening's lock: a cancel, a decline
 * or an edit offers the seats it frees in its own transaction, so no booking arriving in
 * between takes them from the waiting list.
 */
export async function offerWithin(t: Db, given: VenueRow, date: string, shiftKey: string, now = clockNow()): Promise<number[]> {
  const venue = await fresh(t, given);
  const v = await loadBookingVenue(t, venue);
  const rules = v.rules.waitlistOffers;
  const evening = and(eq(reservations.venueId, venue.id), eq(reservations.date, date), eq(reservations.shiftKey, shiftKey));
  const entryIds = t.select({ id: reservations.id }).from(reservations).where(evening);
  await t
    .update(waitlistOffers)
    .set({ status: 'expired', endedAt: now })
    .where(and(eq(waitlistOffers.status, 'open'), lte(waitlistOffers.expiresAt, now), inArray(waitlistOffers.reservationId, entryIds)));
  // An entry cancelled or declined meanwhile holds nothing any more (availability already skips it).
  const gone = t.select({ id: reservations.id }).from(reservations).where(and(evening, notInArray(reservations.status, ['waitinglist'])));
  await t.update(waitlistOffers).set({ status: 'lapsed', endedAt: now }).where(and(eq(waitlistOffers.status, 'open'), inArray(waitlistOffers.reservationId, gone)));
  if (!rules.automatic) return [];
  // Entries never offered before (an expired offer is not made again automatically), in join order.
  const offeredBefore = t.select({ id: waitlistOffers.reservationId }).from(waitlistOffers).where(inArray(waitlistOffers.reservationId, entryIds));
  const waiting = await t
    .select()
    .from(reservations)
    .where(and(evening, eq(reservations.status, 'waitinglist'), notInArray(reservations.id, offeredBefore)))
    .orderBy(asc(reservations.createdAt), asc(reservations.id));
  // A table whose time has come is offered to nobody (the evening's later slots still are).
  const entries = waiting.filter((r) => !slotStarted(venue, r, now));
  if (!entries.length) return [];
  const frame: EmailFrame = { venue, linkHost: await venueLinkHost(t, venue.id) };
  const ids: number[] = [];
  // Read once, and again only after an offer took seats: a waiting list of hundreds on a full
  // evening costs one read a minute, not one per entry (the soak, docs/performance.md).
  let seats = await eveningOf(t, venue, date, now, v);
  for (const entry of entries) {
    const id = await openOffer(t, venue, entry, 'auto', rules.minutes, frame, v.rules.reminders.sms, now, seats);
    if (!id) continue;
    ids.push(id);
    seats = await eveningOf(t, venue, date, now, v);
  }
  if (ids.length) log.info('waitlist_offered', { venueId: venue.id, date, shift: shiftKey, offers: ids.length });
  return ids;
}

/** After seats were freed (post-commit, best effort: the sweep catches up on anything missed). */
export async function seatsFreed(db: Db, venue: VenueRow, date: string, shiftKey: string, now = clockNow()): Promise<void> {
  try {
    await offerFreedSeats(db, venue, date, shiftKey, now);
  } catch (error) {
    log.error('waitlist_offer_failed', { venueId: venue.id, date, error: errorMessage(error) });
  }
}

/**
 * The sweep's part: every evening with a waiting list from the venue's own today on, once a
 * minute or so: expired offers pass on, and seats freed by expired holds or SMS codes are
 * offered to the entries whose time has not come. (The query's UTC bound is only a first cut:
 * a day ahead of UTC or behind it, the venue's own date decides.)
 */
export async function sweepWaitlists(db: Db, now = clockNow(), venueId?: number): Promise<number> {
  const evenings = await db
    .selectDistinct({ venueId: reservations.venueId, date: reservations.date, shiftKey: reservations.shiftKey })
    .from(reservations)
    .where(
      and(
        eq(reservations.status, 'waitinglist'),
        gte(reservations.date, addDays(now.toISOString().slice(0, 10), -1)),
        // One venue's only when asked: its switch (a venue's call never moves another's guests) and
        // the housekeeping runner (each venue fails alone).
        venueId === undefined ? undefined : eq(reservations.venueId, venueId),
      ),
    );
  let offers = 0;
  for (const e of evenings) {
    const [venue] = await db.select().from(venues).where(eq(venues.id, e.venueId));
    if (venue && e.date < localMoment(venue.timezone, now).date) continue;
    if (venue) offers += (await offerFreedSeats(db, venue, e.date, e.shiftKey, now)).length;
  }
  return offers;
}

/** Staff offer the seats to an entry of their choice (the sheet's "Offer"): done, or why not. */
export async function offerByHand(db: Db, given: VenueRow, hash: string, now = clockNow()): Promise<'done' | 'noSeats' | 'notAllowed' | 'notFound'> {
  const venue = await fresh(db, given);
  const [entry] = await db.select().from(reservations).where(and(eq(reservations.venueId, venue.id), eq(reservations.hash, hash)));
  if (!entry) return 'notFound';
  const v = await loadBookingVenue(db, venue);
  const frame: EmailFrame = { venue, linkHost: await venueLinkHost(db, venue.id) };
  const lock = capacityLock(venue.id, entry.date);
  const outcome = await holding([lock], () => db.transaction(async (tx) => {
    await lock.take(tx);
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, entry.id)).for('update');
    if (r.status !== 'waitinglist' || slotStarted(venue, r, now)) return 'notAllowed' as const;
    const [open] = await tx.select({ id: waitlistOffers.id }).from(waitlistOffers).where(and(eq(waitlistOffers.reservationId, r.id), eq(waitlistOffers.status, 'open')));
    if (open) {
      // An expired one is closed first; a live one stands.
      const closed = await tx.update(waitlistOffers).set({ status: 'expired', endedAt: now }).where(and(eq(waitlistOffers.id, open.id), lte(waitlistOffers.expiresAt, now))).returning({ id: waitlistOffers.id });
      if (!closed.length) return 'notAllowed' as const;
    }
    return (await openOffer(tx, venue, r, 'staff', v.rules.waitlistOffers.minutes, frame, v.rules.reminders.sms, now)) ? ('done' as const) : ('noSeats' as const);
  }));
  if (outcome === 'done') kickDelivery();
  return outcome;
}

export type OfferPage =
  | { state: 'invalid' }
  | { state: 'open' | 'claimed' | 'expired' | 'gone' | 'needsCard' | 'code' | 'started'; booking: ReservationRow; expiresAt: Date };

/** What the claim link shows: the offer and its time left, or how it ended. */
export async function offerPage(db: Db, venue: VenueRow, offerId: number, signature: string, now = clockNow()): Promise<OfferPage> {
  if (!Number.isInteger(offerId) || offerId <= 0 || !isLinkSignature(signature, 'waitlist-offer', venue.id, offerId)) return { state: 'invalid' };
  const [row] = await db
    .select({ offer: waitlistOffers, r: reservations })
    .from(waitlistOffers)
    .innerJoin(reservations, eq(reservations.id, waitlistOffers.reservationId))
    .where(and(eq(waitlistOffers.id, offerId), eq(waitlistOffers.venueId, venue.id)));
  if (!row) return { state: 'invalid' };
  const { offer, r } = row;
  const base = { booking: r, expiresAt: offer.expiresAt };
  if (offer.status === 'claimed') return { state: r.status === 'suspended' ? 'code' : 'claimed', ...base };
  // An open offer whose table's time has come says so (its hold ends at that time at the latest).
  if (offer.status === 'open' && r.status === 'waitinglist' && slotStarted(venue, r, now)) return { state: 'started', ...base };
  if (offer.status === 'expired' || (offer.status === 'open' && offer.expiresAt <= now)) return { state: 'expired', ...base };
  // Lapsed with the entry still waiting: the choice needs a card, given on the booking form.
  if (offer.status === 'lapsed' && r.status === 'waitinglist') return { state: 'needsCard', ...base };
  if (offer.status === 'lapsed' || r.status !== 'waitinglist') return { state: 'gone', ...base };
  return { state: 'open', ...base };
}

/**
 * The claim (the offer page's POST): in the evening's locked transaction, an open offer
 * seats its entry by the rules of a new booking: `confirmed` up to the venue's
 * auto-confirm limit, else `pending` (the venue's confirmation), `suspended` when the venue
 * asks the SMS code (the guest then gives it on the code page). A choice that needs a card
 * lapses the offer and sends the guest to the booking form (`needsCard`). Late, or the seats
 * gone: said kindly, nothing changes.
 */
export async function claimOffer(db: Db, given: VenueRow, offerId: number, signature: string, host: string, now = clockNow()): Promise<OfferPage> {
  const venue = await fresh(db, given);
  const page = await offerPage(db, venue, offerId, signature, now);
  if (page.state !== 'open') return page;
  const v = await loadBookingVenue(db, venue);
  const entry = page.booking;
  const lock = capacityLock(venue.id, entry.date);
  const outcome = await holding([lock], () => db.transaction(async (tx) => {
    await lock.take(tx);
    const [offer] = await tx.select().from(waitlistOffers).where(eq(waitlistOffers.id, offerId)).for('update');
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, entry.id)).for('update');
    if (offer.status === 'open' && r.status === 'waitinglist' && slotStarted(venue, r, now)) return 'started' as const;
    if (offer.status !== 'open' || offer.expiresAt <= now) return 'expired' as const;
    if (r.status !== 'waitinglist') return 'gone' as const;
    if (guaranteeTerms(v.rules, { date: r.date, shiftKey: r.shiftKey, zoneKey: r.zoneKey, pax: r.covers }, venue.currency)) {
      await tx.update(waitlistOffers).set({ status: 'lapsed', endedAt: now }).where(eq(waitlistOffers.id, offerId));
      return 'needsCard' as const;
    }
    const shift = v.shifts.find((s) => s.key === r.shiftKey);
    const zone = v.zones.find((z) => z.key === r.zoneKey);
    const usage = (await usageBetween(tx, venue.id, r.date, r.date, now, { offerId })).get(r.date) ?? emptyUsage();
    if (!shift || !zone || fits(v, usage, shift, r.time, zone, r.covers)) return 'gone' as const;
    const seated = r.covers <= v.rules.autoConfirmMaxCovers ? ('confirmed' as const) : ('pending' as const);
    const sms = needsSmsCode(v.rules, r.covers, 'pass');
    const [row] = await tx
      .update(reservations)
      .set({ status: sms ? 'suspended' : seated, confirmsAs: sms ? seated : null, tables: suggestTables(v.rules, usage.seatings, { time: r.time, covers: r.covers, zone: r.zoneKey }), revision: r.revision + 1, updatedAt: now })
      .where(eq(reservations.id, r.id))
      .returning();
    await tx.update(waitlistOffers).set({ status: 'claimed', endedAt: now }).where(eq(waitlistOffers.id, offerId));
    if (sms) await issueCode(tx, venue, row, now);
    else {
      const [z] = await tx.select({ name: zones.name }).from(zones).where(and(eq(zones.venueId, venue.id), eq(zones.key, r.zoneKey)));
      await queueReservationEmails(tx, venue, row, seated === 'confirmed' ? 'confirm' : 'accept', { host, zoneName: (z?.name as Texts) ?? { it: r.zoneKey }, now });
    }
    return 'claimed' as const;
  }));
  if (outcome === 'claimed') kickDelivery();
  if (outcome === 'expired' || outcome === 'needsCard') await seatsFreed(db, venue, entry.date, entry.shiftKey, now);
  log.info('waitlist_claim', { offerId, outcome });
  if (outcome === 'needsCard') return { state: 'needsCard', booking: entry, expiresAt: page.expiresAt };
  if (outcome === 'started') return { state: 'started', booking: entry, expiresAt: page.expiresAt };
  return offerPage(db, venue, offerId, signature, now);
}

/** The evening's offers as staff see them, by entry: the newest offer of each. */
export async function offersOf(db: Db, reservationIds: number[]) {
  if (!reservationIds.length) return new Map<number, { status: 'open' | 'claimed' | 'expired' | 'lapsed'; expiresAt: string; offeredBy: string }>();
  const rows = await db.select().from(waitlistOffers).where(inArray(waitlistOffers.reservationId, reservationIds)).orderBy(asc(waitlistOffers.id));
  return new Map(rows.map((o) => [o.reservationId, { status: o.status, expiresAt: o.expiresAt.toISOString(), offeredBy: o.offeredBy }]));
}
