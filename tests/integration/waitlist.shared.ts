import { and, asc, eq, inArray } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { testDay, TEST_NOW } from '../helpers/clock';
import type { ReservationInput } from '@/lib/forms/reservation';
import { forgetVenueContexts } from '@/server/venues/context';

const TIMES = ['19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00'];
let serial = 0;
const guest = (date: string, pax = 2, values: Partial<ReservationInput> = {}): ReservationInput => {
  const n = ++serial;
  return {
    pax,
    date,
    time: TIMES[n % TIMES.length],
    zone: n % 2 ? 'sala' : 'terrazza',
    nome: `Ospite${n}`,
    cognome: 'Attesa',
    email: `wait${n}@example.com`,
    prefisso: '+39',
    telefono: '3471234567',
    privacy: true,
    ...values,
  };
};
const later = (minutes: number) => new Date(TEST_NOW.getTime() + minutes * 60_000);

/** Issue 24: freed seats offered to the waiting list in join order, held, claimed, passed on; never overbooked. */
export function describeWaitlist(driver: Driver) {
  describe(`waiting-list offers on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true });
    beforeAll(async () => {
      const { getDb } = await import('@/server/db/client');
      const db = await getDb();
      const schema = await import('@/server/db/schema');
      const [demo] = await db.select().from(schema.venues).where(eq(schema.venues.isDefault, true));
      // Only the evening's 60 covers bind: no card, no SMS code, large zones and slots.
      await db
        .update(schema.venues)
        .set({ booking: { ...demo.booking!, guarantee: undefined, smsConfirmation: { mode: 'never', covers: 0 }, waitingList: true, autoConfirmMaxCovers: 8 } })
        .where(eq(schema.venues.id, demo.id));
      forgetVenueContexts();
      await db.update(schema.zones).set({ capacity: 200 }).where(eq(schema.zones.venueId, demo.id));
      forgetVenueContexts();
      await db.update(schema.shifts).set({ slotCapacity: null }).where(eq(schema.shifts.venueId, demo.id));
      forgetVenueContexts();
    });

    const ctx = async () => {
      const { getDb } = await import('@/server/db/client');
      const { findVenueByKey } = await import('@/server/venues/queries');
      const service = await import('@/server/booking/service');
      const changes = await import('@/server/booking/changes');
      const waitlist = await import('@/server/booking/waitlist');
      const { reservationSchema } = await import('@/lib/forms/reservation');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      const venue = (await findVenueByKey(db, 'localhost'))!;
      const book = async (input: ReservationInput, now = TEST_NOW, locale = 'en') => {
        const made = await service.createReservation(db, venue, reservationSchema.parse(input), { locale, partner: false, host: 'localhost', botVerdict: 'pass' }, now);
        return { outcome: made.outcome, hash: made.hash! };
      };
      const row = async (hash: string) => (await db.select().from(schema.reservations).where(eq(schema.reservations.hash, hash)))[0];
      const offersFor = async (hashes: string[]) =>
        db
          .select({ offer: schema.waitlistOffers, hash: schema.reservations.hash })
          .from(schema.waitlistOffers)
          .innerJoin(schema.reservations, eq(schema.reservations.id, schema.waitlistOffers.reservationId))
          .where(inArray(schema.reservations.hash, hashes))
          .orderBy(asc(schema.waitlistOffers.id));
      const signature = (offerId: number) => new URLSearchParams(waitlist.offerLinkPath(venue.id, offerId).split('?')[1]).get('s')!;
      const covers = async (date: string, now = TEST_NOW) => (await service.usageBetween(db, venue.id, date, date, now)).get(date)?.shift.get('cena') ?? 0;
      const cancel = (hash: string, now = TEST_NOW) => changes.cancelReservation(db, venue, hash, { host: 'localhost' }, now);
      const fill = async (date: string) => {
        const seated: string[] = [];
        for (let i = 0; i < 30; i++) seated.push((await book(guest(date))).hash);
        expect(await covers(date)).toBe(60);
        return seated;
      };
      return { db, venue, schema, waitlist, book, row, offersFor, signature, covers, cancel, fill };
    };

    it('offers freed seats to the first entry that fits, holds them, and seats the guest who claims them', async () => {
      const { book, row, offersFor, signature, covers, cancel, fill, waitlist, venue, db, schema } = await ctx();
      const day = testDay(3);
      const seated = await fill(day);
      const big = await book(guest(day, 4), TEST_NOW, 'de');
      const small = await book(guest(day, 2), TEST_NOW, 'it');
      expect([big.outcome, small.outcome]).toEqual(['waitinglist', 'waitinglist']);
      // Two covers free: the party of 4 (first in line) does not fit, the party of 2 is offered them.
      await cancel(seated[0]);
      const [offer] = await offersFor([big.hash, small.hash]);
      expect(offer).toMatchObject({ hash: small.hash, offer: { status: 'open', offeredBy: 'auto' } });
      expect(offer.offer.expiresAt.getTime()).toBe(TEST_NOW.getTime() + 15 * 60_000);
      // Held: the evening is full for everyone else meanwhile.
      expect(await covers(day)).toBe(60);
      expect((await book(guest(day, 2))).outcome).toBe('waitinglist');
      // The offer e-mail, in the guest's language, with the claim link.
      const [mail] = await db.select().from(schema.outbox).where(and(eq(schema.outbox.template, 'waitlistOffer'), eq(schema.outbox.recipient, (await row(small.hash)).email)));
      expect(mail.subject).toContain('Si è liberato un tavolo');
      expect(mail.bodyText).toContain(`/frontpage/waitlist/${offer.offer.id}?s=${signature(offer.offer.id)}`);
      expect(mail.bodyText).toContain('Riservato per te fino alle');
      // The deadline in words (issue 45), and the action a button, not a raw URL.
      expect(mail.bodyText).toContain('prendilo nei prossimi 15 minuti, entro le');
      expect(mail.bodyHtml).toContain('>Prendo il tavolo</a>');
      // A forged claim is nobody's; the real one seats the guest, once.
      expect(await waitlist.claimOffer(db, venue, offer.offer.id, 'A'.repeat(32), 'localhost', later(1))).toEqual({ state: 'invalid' });
      expect((await waitlist.claimOffer(db, venue, offer.offer.id, signature(offer.offer.id), 'localhost', later(1))).state).toBe('claimed');
      expect((await waitlist.claimOffer(db, venue, offer.offer.id, signature(offer.offer.id), 'localhost', later(2))).state).toBe('claimed');
      expect(await row(small.hash)).toMatchObject({ status: 'confirmed' });
      expect(await covers(day, later(2))).toBe(60);
      const confirmations = await db.select().from(schema.outbox).where(and(eq(schema.outbox.template, 'reservationConfirm'), eq(schema.outbox.recipient, (await row(small.hash)).email)));
      expect(confirmations).toHaveLength(1);
    });

    it('passes an expired offer to the next entry, and says so kindly to a late claim', async () => {
      const { book, offersFor, signature, cancel, fill, waitlist, venue, db, row } = await ctx();
      const day = testDay(4);
      const seated = await fill(day);
      const first = await book(guest(day));
      const second = await book(guest(day));
      await cancel(seated[0]);
      const [offer] = await offersFor([first.hash]);
      // Nobody claims: 16 minutes later the sweep passes it on.
      const { sweepStale } = await import('@/server/runtime/housekeeping');
      await sweepStale(db, later(16));
      const offers = await offersFor([first.hash, second.hash]);
      expect(offers.map((o) => [o.hash, o.offer.status])).toEqual([
        [first.hash, 'expired'],
        [second.hash, 'open'],
      ]);
      const late = await waitlist.claimOffer(db, venue, offer.offer.id, signature(offer.offer.id), 'localhost', later(17));
      expect(late.state).toBe('expired');
      expect((await row(first.hash)).status).toBe('waitinglist');
      // Not offered again automatically when more seats free up: the entry had its turn.
      await cancel(seated[1], later(18));
      expect((await offersFor([first.hash])).length).toBe(1);
    });

    it('staff offer by hand and switch automatic offers off; a claim follows the SMS rule', async () => {
      const { book, offersFor, signature, cancel, fill, waitlist, venue, db, schema, row } = await ctx();
      const { dispatch } = await import('@/server/backend/dispatch');
      const day = testDay(5);
      const seated = await fill(day);
      const a = await book(guest(day));
      const b = await book(guest(day));
      expect(((await dispatch('staff/autooffers', 'localhost', new URLSearchParams({ enabled: '0' }))) as { body: { data: unknown } }).body.data).toEqual({ autoOffers: false });
      await cancel(seated[0]);
      expect(await offersFor([a.hash, b.hash])).toHaveLength(0);
      // Staff choose the second entry.
      const byHand = (await dispatch('staff/offer', 'localhost', new URLSearchParams({ hash: b.hash, version: '0' }))) as { httpStatus: number; body: { data: { result: string; booking: { offer: { status: string; offeredBy: string } } } } };
      expect(byHand.body.data).toMatchObject({ result: 'done', booking: { offer: { status: 'open', offeredBy: 'staff' } } });
      // No seats for a third: refused, said why.
      const none = (await dispatch('staff/offer', 'localhost', new URLSearchParams({ hash: a.hash, version: '0' }))) as { httpStatus: number; body: { data: { result: string } } };
      expect([none.httpStatus, none.body.data.result]).toEqual([409, 'noSeats']);
      // The venue asks the SMS code above 1 cover now: the claim suspends the booking and sends the code.
      const [demo] = await db.select().from(schema.venues).where(eq(schema.venues.id, venue.id));
      await db.update(schema.venues).set({ booking: { ...demo.booking!, smsConfirmation: { mode: 'aboveCovers', covers: 1 } } }).where(eq(schema.venues.id, venue.id));
      forgetVenueContexts();
      const [offer] = await offersFor([b.hash]);
      expect((await waitlist.claimOffer(db, venue, offer.offer.id, signature(offer.offer.id), 'localhost', later(1))).state).toBe('code');
      expect((await row(b.hash)).status).toBe('suspended');
      await db.update(schema.venues).set({ booking: { ...demo.booking!, smsConfirmation: { mode: 'never', covers: 0 } } }).where(eq(schema.venues.id, venue.id));
      forgetVenueContexts();
      await dispatch('staff/autooffers', 'localhost', new URLSearchParams({ enabled: '1' }));
      // The sheet lists the offers beside the waiting list.
      const sheet = (await dispatch('staff/day', 'localhost', new URLSearchParams({ date: day }))) as { body: { data: { autoOffers: boolean; waitingList: { hash: string; offer: unknown }[] } } };
      expect(sheet.body.data.autoOffers).toBe(true);
      expect(sheet.body.data.waitingList.find((w) => w.hash === a.hash)?.offer).toBeNull();
    });

    it('offers only tables whose time has not come, in the venue time zone: a claim after the start is refused (409 slotStarted), the sweep passes the seats to a later slot (issue 41, point 8)', async () => {
      const { book, offersFor, signature, cancel, waitlist, venue, db, row, covers } = await ctx();
      const { instantOf } = await import('@/server/booking/time');
      const { dispatch } = await import('@/server/backend/dispatch');
      const { pinTestClock } = await import('../helpers/clock');
      const day = testDay(8);
      const at = (time: string) => instantOf(venue.timezone, day, time);
      const seated: string[] = [];
      for (let i = 0; i < 30; i++) seated.push((await book(guest(day, 2, { time: '22:00' }))).hash);
      expect(await covers(day)).toBe(60);
      const early = await book(guest(day, 2, { time: '21:30' }));
      const alsoEarly = await book(guest(day, 2, { time: '21:30' }));
      const late = await book(guest(day, 2, { time: '22:00' }));
      // 21:20 where the venue is: a guest of 22:00 cancels; the first entry (21:30) is offered the seats for the venue's
      // 15 minutes, but never past its table's time: until 21:30, not 21:35.
      await cancel(seated[0], at('21:20'));
      const [offer] = await offersFor([early.hash]);
      expect(offer.offer).toMatchObject({ status: 'open' });
      expect(offer.offer.expiresAt.getTime()).toBe(at('21:30').getTime());
      // 21:31: its table's time has come: the page says so, the claim is refused and changes nothing.
      expect((await waitlist.offerPage(db, venue, offer.offer.id, signature(offer.offer.id), at('21:31'))).state).toBe('started');
      expect((await waitlist.claimOffer(db, venue, offer.offer.id, signature(offer.offer.id), 'localhost', at('21:31'))).state).toBe('started');
      await pinTestClock(at('21:31'));
      try {
        const claim = await dispatch('waitlist/claim', 'localhost', new URLSearchParams({ id: String(offer.offer.id), s: signature(offer.offer.id) }));
        expect(claim).toEqual({ httpStatus: 409, body: { status: false, error: 'slotStarted' } });
        const shown = await dispatch('waitlist/offer', 'localhost', new URLSearchParams({ id: String(offer.offer.id), s: signature(offer.offer.id) }));
        expect(shown.body.data).toMatchObject({ state: 'started', until: '21:30', booking: { hash: early.hash, time: '21:30', covers: 2 } });
        // The page's form: a 409 page in the guest's language, not a booking.
        const { handleOfferClaim } = await import('@/server/booking/guest-links-http');
        const form = new URLSearchParams({ id: String(offer.offer.id), s: signature(offer.offer.id), language: 'de' });
        const refused = await handleOfferClaim(new Request('http://localhost/api/reservation/offer', { method: 'POST', headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() }));
        expect(refused.status).toBe(409);
        const de = (await import('@/messages/de.json')).default;
        expect(await refused.text()).toContain(de.waitlist.page.started);
      } finally {
        await pinTestClock();
      }
      expect((await row(early.hash)).status).toBe('waitinglist');
      // 21:51: the sweep closes the lapsed offer; the next entry of 21:30 is past and offered nothing, the guest of 22:00 is.
      await waitlist.sweepWaitlists(db, at('21:51'));
      const offers = await offersFor([early.hash, alsoEarly.hash, late.hash]);
      expect(offers.map((o) => [o.hash, o.offer.status])).toEqual([
        [early.hash, 'expired'],
        [late.hash, 'open'],
      ]);
      // Staff cannot offer a past table by hand either.
      expect(await waitlist.offerByHand(db, venue, alsoEarly.hash, at('21:52'))).toBe('notAllowed');
      // The 22:00 table is claimed before its time.
      const [lateOffer] = await offersFor([late.hash]);
      expect((await waitlist.claimOffer(db, venue, lateOffer.offer.id, signature(lateOffer.offer.id), 'localhost', at('21:55'))).state).toBe('claimed');
      expect((await row(late.hash)).status).toBe('confirmed');
    });

    it('hammer: 20 cancellations race 20 claims and 50 new bookings for one evening; never over capacity, offers in join order, each entry offered once', async () => {
      const { book, offersFor, signature, covers, cancel, fill, waitlist, venue, db, schema } = await ctx();
      const day = testDay(7);
      const seated = await fill(day);
      const waiting: string[] = [];
      for (let i = 0; i < 25; i++) waiting.push((await book(guest(day))).hash);
      let overbooked = 0;
      let watching = true;
      const { lockCapacity, usageBetween } = await import('@/server/booking/service');
      // A consistent look at the evening: under its lock, as every writer takes it.
      const lockedCovers = () =>
        db.transaction(async (tx) => {
          await lockCapacity(tx, venue.id, day);
          return (await usageBetween(tx, venue.id, day, day, TEST_NOW)).get(day)?.shift.get('cena') ?? 0;
        });
      const watcher = (async () => {
        while (watching) {
          if ((await lockedCovers()) > 60) overbooked++;
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      })();
      let claimed = 0;
      const lateAnswers: string[] = [];
      // Every fourth guest comes back too late (16 minutes): told kindly, the seats pass on.
      const claimer = async (hash: string, at: Date) => {
        for (let tries = 0; tries < 150; tries++) {
          const [mine] = (await offersFor([hash])).filter((o) => o.offer.status === 'open');
          if (mine) {
            const page = await waitlist.claimOffer(db, venue, mine.offer.id, signature(mine.offer.id), 'localhost', at);
            if (page.state === 'claimed') claimed++;
            else lateAnswers.push(page.state);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      };
      const results = await Promise.all([
        ...seated.slice(0, 20).map((hash) => cancel(hash)),
        ...waiting.slice(0, 20).map((hash, i) => claimer(hash, later(i % 4 === 3 ? 16 : 1))),
        ...Array.from({ length: 50 }, () => book(guest(day))),
      ]);
      watching = false;
      await watcher;
      const newBookings = results.slice(40) as { outcome: string }[];
      const all = await db.select().from(schema.reservations).where(and(eq(schema.reservations.venueId, venue.id), eq(schema.reservations.date, day)));
      const seatedCovers = all.filter((r) => r.status === 'confirmed' || r.status === 'pending').reduce((n, r) => n + r.covers, 0);
      const offers = await offersFor(all.map((r) => r.hash));
      // Never over the evening's 60 covers, counting the seats held by open offers.
      expect(overbooked).toBe(0);
      expect(await covers(day)).toBeLessThanOrEqual(60);
      expect(seatedCovers).toBeLessThanOrEqual(60);
      // Each entry offered at most once; offers made in the order the entries joined.
      const perEntry = new Map<number, number>();
      for (const o of offers) perEntry.set(o.offer.reservationId, (perEntry.get(o.offer.reservationId) ?? 0) + 1);
      expect(Math.max(...perEntry.values())).toBe(1);
      const joined = new Map(all.map((r) => [r.id, r.createdAt.getTime() * 1e4 + r.id]));
      const order = offers.map((o) => joined.get(o.offer.reservationId)!);
      expect(order).toEqual([...order].sort((x, y) => x - y));
      expect(offers.length).toBeGreaterThan(0);
      // Anything not claimed expires and passes on; the evening stays exact.
      const { sweepStale } = await import('@/server/runtime/housekeeping');
      await sweepStale(db, later(16));
      expect(await covers(day, later(16))).toBeLessThanOrEqual(60);
      const after = await offersFor(all.map((r) => r.hash));
      const figures = {
        driver,
        offersMade: after.length,
        claimed: after.filter((o) => o.offer.status === 'claimed').length,
        expired: after.filter((o) => o.offer.status === 'expired').length,
        openAfterSweep: after.filter((o) => o.offer.status === 'open').length,
        claimsSeated: claimed,
        lateClaims: lateAnswers.length,
        newBookingsSeated: newBookings.filter((b) => b.outcome === 'confirm' || b.outcome === 'accept').length,
        newBookingsWaitlisted: newBookings.filter((b) => b.outcome === 'waitinglist').length,
        seatedCovers,
      };
      expect(figures.claimed).toBe(claimed);
      expect(lateAnswers.every((state) => state === 'expired')).toBe(true);
      expect(figures.claimed + figures.newBookingsSeated * 2).toBeLessThanOrEqual(40);
      process.stdout.write(`waitlist hammer ${JSON.stringify(figures)}\n`);
    });
    it("counts this month's offers, reminders and no-shows for the venue, from the database", async () => {
      const { db, schema, venue } = await ctx();
      const { venueMetrics } = await import('@/server/staff/metrics');
      const before = await venueMetrics(db, venue, undefined, TEST_NOW);
      // The tests above made offers this month (the hammer alone 25, 15 claimed, 5 expired).
      expect(before.offers.made).toBeGreaterThanOrEqual(25);
      expect(before.offers.claimed).toBeGreaterThanOrEqual(15);
      const rows = await db.select().from(schema.reservations).where(and(eq(schema.reservations.venueId, venue.id), eq(schema.reservations.status, 'confirmed'))).limit(4);
      const entry = { venueId: venue.id, offeredBy: 'auto' as const, createdAt: TEST_NOW, expiresAt: later(15) };
      await db.insert(schema.waitlistOffers).values([
        { ...entry, reservationId: rows[0].id, status: 'claimed', endedAt: later(3) },
        { ...entry, reservationId: rows[1].id, status: 'expired', endedAt: later(16) },
        { ...entry, reservationId: rows[2].id, status: 'lapsed', endedAt: later(5) },
      ]);
      await db.update(schema.reservations).set({ remindedAt: TEST_NOW, reminderAnswer: 'coming', reminderAnsweredAt: TEST_NOW }).where(eq(schema.reservations.id, rows[0].id));
      await db.update(schema.reservations).set({ remindedAt: TEST_NOW, reminderAnswer: 'cancelled', reminderAnsweredAt: TEST_NOW }).where(eq(schema.reservations.id, rows[1].id));
      await db.update(schema.reservations).set({ remindedAt: TEST_NOW }).where(eq(schema.reservations.id, rows[2].id));
      await db.update(schema.reservations).set({ attendance: 'noshow', attendanceAt: TEST_NOW }).where(inArray(schema.reservations.id, [rows[2].id, rows[3].id]));
      const charge = { venueId: venue.id, provider: 'local' as const, paymentMethod: 'lpm_x', currency: venue.currency, chargedAt: TEST_NOW };
      await db.insert(schema.noshowCharges).values([
        { ...charge, reservationId: rows[2].id, amountCents: 12500, status: 'succeeded' },
        { ...charge, reservationId: rows[3].id, amountCents: 3000, status: 'refunded' },
      ]);
      const now = await venueMetrics(db, venue, undefined, TEST_NOW);
      expect(now.offers).toEqual({ made: before.offers.made + 3, claimed: before.offers.claimed + 1, expired: before.offers.expired + 1 });
      expect(now.reminders).toEqual({ sent: before.reminders.sent + 3, confirmed: before.reminders.confirmed + 1, cancelled: before.reminders.cancelled + 1 });
      expect(now.noShows).toEqual({ marked: before.noShows.marked + 2, feesCollectedCents: 12500, feesRefundedCents: 3000 });
      // Another month counts none of it.
      const [y, m] = now.month.split('-').map(Number);
      const other = await venueMetrics(db, venue, m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`, TEST_NOW);
      expect(other.offers).toEqual({ made: 0, claimed: 0, expired: 0 });
      expect(other.noShows.feesCollectedCents).toBe(0);
    });
  });
}
