import { eq } from 'drizzle-orm';
import { useSiteDatabase } from '../helpers/databases';
import { siteBooking } from '../helpers/site-booking';
import { TEST_NOW, testDay } from '../helpers/clock';
import type { ReservationInput } from '@/lib/forms/reservation';
import { forgetVenueContexts } from '@/server/venues/context';

/**
 * The guest's link pages' door (issue 42, "One core, two doors"), as the table door: the
 * built-in backend answers by calling their core directly (server/backend/builtin.ts,
 * `builtinGuestLinks`); a legacy backend through the wire (lib/backend/links.ts,
 * `wireGuestLinks`). Over the same database both doors give the same typed answers, a link that
 * is not the venue's included, and name the party `partySize`.
 */
describe('the link door on pglite', () => {
  beforeAll(() => {
    delete process.env.LINK_SECRET;
    delete process.env.LINK_SECRET_PREVIOUS;
  });
  useSiteDatabase('pglite', { calendar: true, plainBooking: true });
  beforeAll(async () => {
    const { getDb } = await import('@/server/db/client');
    const { venues, zones, shifts } = await import('@/server/db/schema');
    const db = await getDb();
    const [demo] = await db.select().from(venues).where(eq(venues.isDefault, true));
    await db.update(venues).set({ booking: { ...demo.booking!, autoConfirmMaxCovers: 4, waitingList: true } }).where(eq(venues.id, demo.id));
    // Only the evening's 60 covers bind.
    await db.update(zones).set({ capacity: 200 }).where(eq(zones.venueId, demo.id));
    await db.update(shifts).set({ slotCapacity: null }).where(eq(shifts.venueId, demo.id));
    forgetVenueContexts();
  });

  let serial = 0;
  const guest = (date: string, pax: number, time: string): ReservationInput => {
    const n = ++serial;
    return { pax, date, time, zone: 'sala', nome: `Ospite${n}`, cognome: 'Door', email: `link-door${n}@example.com`, prefisso: '+39', telefono: '3471234567', privacy: true };
  };
  const query = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);
  const setup = async () => {
    const { builtinGuestLinks, builtinTransport } = await import('@/server/backend/builtin');
    const { createBackendClient } = await import('@/lib/backend/client');
    const { wireGuestLinks } = await import('@/lib/backend/links');
    const { db, venue, schema, book } = await siteBooking();
    return { direct: builtinGuestLinks('localhost'), wire: wireGuestLinks(createBackendClient(builtinTransport('localhost'), 'builtin')), db, venue, schema, book };
  };
  const invalid = { status: false, error: 'invalid', fieldErrors: {} };

  it('shows and answers a reminder alike through both doors; a link that is not the venue\'s is invalid alike', async () => {
    const { direct, wire, venue, book } = await setup();
    const { reminderLinkPath } = await import('@/server/booking/reminders');
    const r = await book(guest(testDay(9), 2, '20:00'));
    const { v, s } = query(reminderLinkPath(venue.id, r, 'coming'));
    const link = { hash: r.hash, v, s };
    const shown = await direct.reminder(link);
    expect(shown).toEqual(await wire.reminder(link));
    expect(shown).toEqual({ status: true, data: { state: 'open', booking: { hash: r.hash, status: 'confirmed', date: testDay(9), time: '20:00', partySize: 2 }, freeCancel: true, feeCents: 0, currency: venue.currency } });
    const forged = { ...link, s: 'A'.repeat(32) };
    for (const bad of [forged, { ...link, v: 'x' }, { ...link, hash: 'not a hash' }]) {
      expect(await direct.reminder(bad)).toEqual(invalid);
      expect(await wire.reminder(bad)).toEqual(invalid);
      expect(await direct.answerReminder(bad, 'cancel')).toEqual(await wire.answerReminder(bad, 'cancel'));
    }
    const answered = await direct.answerReminder(link, 'coming');
    expect(answered).toMatchObject({ status: true, data: { state: 'coming', booking: { partySize: 2 } } });
    // Spent: the other door's cancel changes nothing, and says so alike.
    expect(await wire.answerReminder(link, 'cancel')).toEqual(answered);
  });

  it('shows and claims a waiting-list offer alike through both doors', async () => {
    const { direct, wire, venue, db, schema, book } = await setup();
    const { offerLinkPath } = await import('@/server/booking/waitlist');
    const { cancelReservation } = await import('@/server/booking/changes');
    const day = testDay(10);
    // A full evening (capacity 60), one guest waiting; a guest cancels and the seats are offered.
    const seated = [];
    for (let i = 0; i < 15; i++) seated.push(await book(guest(day, 4, '20:00')));
    const waiting = await book(guest(day, 2, '21:00'));
    expect(waiting.status).toBe('waitinglist');
    await cancelReservation(db, venue, seated[0].hash, { host: 'localhost' }, TEST_NOW);
    const [offer] = await db.select().from(schema.waitlistOffers).where(eq(schema.waitlistOffers.reservationId, waiting.id));
    const link = { id: offer.id, s: query(offerLinkPath(venue.id, offer.id)).s };
    const shown = await direct.offer(link);
    expect(shown).toEqual(await wire.offer(link));
    expect(shown).toMatchObject({ status: true, data: { state: 'open', booking: { hash: waiting.hash, status: 'waitinglist', partySize: 2 } } });
    for (const bad of [{ ...link, s: 'A'.repeat(32) }, { id: 0, s: link.s }]) {
      expect(await direct.offer(bad)).toEqual(invalid);
      expect(await wire.offer(bad)).toEqual(invalid);
      expect(await direct.claimOffer(bad)).toEqual(await wire.claimOffer(bad));
    }
    const claimed = await direct.claimOffer(link);
    expect(claimed).toMatchObject({ status: true, data: { state: 'claimed', booking: { status: 'confirmed', partySize: 2 } } });
    expect(await wire.claimOffer(link)).toEqual(claimed);
  });

  it('shows and answers a staff answer link alike through both doors (the staff door); a link that is not the venue\'s is invalid alike', async () => {
    const { venue, book, db, schema } = await setup();
    const { builtinStaff } = await import('@/server/backend/builtin-staff');
    const { builtinTransport } = await import('@/server/backend/builtin');
    const { createBackendClient } = await import('@/lib/backend/client');
    const { wireStaff } = await import('@/lib/backend/staff');
    const { answerLinkPath } = await import('@/server/booking/answer-link');
    const direct = builtinStaff('localhost');
    const wire = wireStaff(createBackendClient(builtinTransport('localhost'), 'builtin'));
    const r = await book(guest(testDay(9), 6, '20:30'));
    expect(r.status).toBe('pending');
    const link = { hash: r.hash, ...(({ a, v, s }) => ({ a, v, s }))(query(answerLinkPath(venue, r, 'confirm'))) };
    const shown = await direct.answerLink(link);
    expect(shown).toEqual(await wire.answerLink(link));
    expect(shown).toMatchObject({ status: true, data: { state: 'open', timezone: 'Europe/Rome', booking: { hash: r.hash, status: 'pending', partySize: 6, time: '20:30', answeredAt: '' } } });
    expect(shown.status && 'covers' in shown.data.booking).toBe(false);
    // Forged, another answer than the signed one, a malformed version or hash: invalid alike, nothing answered.
    for (const bad of [{ ...link, s: 'A'.repeat(32) }, { ...link, a: 'decline' }, { ...link, v: 'x' }, { ...link, hash: 'not a hash' }]) {
      expect(await direct.answerLink(bad)).toEqual(invalid);
      expect(await wire.answerLink(bad)).toEqual(invalid);
      expect(await direct.answerByLink(bad, '')).toEqual(invalid);
      expect(await wire.answerByLink(bad, '')).toEqual(invalid);
    }
    expect((await db.select().from(schema.reservations).where(eq(schema.reservations.id, r.id)))[0].status).toBe('pending');
    const answered = await direct.answerByLink(link, '');
    expect(answered).toMatchObject({ status: true, data: { state: 'answered', booking: { status: 'confirmed', partySize: 6 } } });
    // Spent: the other door's second click changes nothing and says so alike.
    expect(await wire.answerByLink(link, '')).toEqual(answered);
    expect(await wire.answerLink(link)).toEqual(await direct.answerLink(link));
  });

  it('shows a no-show fee alike through both doors; a bank check with nothing to confirm is invalid alike', async () => {
    const { direct, wire, venue, db, schema, book } = await setup();
    const { feeLinkPath } = await import('@/server/payments/fee-link');
    const r = await book(guest(testDay(9), 2, '21:00'));
    const [charge] = await db
      .insert(schema.noshowCharges)
      .values({ venueId: venue.id, reservationId: r.id, provider: 'local', reference: `lnpi_door_${r.id}`, paymentMethod: 'lpm_card', amountCents: 5000, currency: 'EUR', status: 'succeeded' })
      .returning();
    const link = { id: charge.id, s: query(feeLinkPath(venue.id, charge.id)).s };
    const shown = await direct.fee(link);
    expect(shown).toEqual(await wire.fee(link));
    expect(shown).toMatchObject({ status: true, data: { state: 'succeeded', provider: 'local', amountCents: 5000, date: testDay(9), time: '21:00', clientSecret: null } });
    for (const bad of [{ ...link, s: 'A'.repeat(32) }, { id: 0, s: link.s }]) expect(await direct.fee(bad)).toEqual(await wire.fee(bad));
    expect(await direct.authenticateFee(link, true)).toEqual(invalid);
    expect(await wire.authenticateFee(link, true)).toEqual(invalid);
  });
});
