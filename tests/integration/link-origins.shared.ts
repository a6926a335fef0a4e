import { eq, gt } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { testDay, TEST_NOW } from '../helpers/clock';
import { forgetVenueContexts } from '@/server/venues/context';

const PORT = '4567';
/** Links in an e-mail that are not the venue's site: the map, schema.org in the markup. */
const ELSEWHERE = /^https?:\/\/(?:[a-z0-9.-]*\.)?(?:google\.com|schema\.org|w3\.org|openstreetmap\.org)(?:[/:?#]|$)/i;

/** Every absolute link of an e-mail (text and HTML), the map and schema.org aside. */
function linksOf(mail: { bodyText: string; bodyHtml: string | null; headers: Record<string, string> }): string[] {
  const text = [mail.bodyText, mail.bodyHtml ?? '', ...Object.values(mail.headers ?? {})].join('\n');
  return [...text.matchAll(/https?:\/\/[^\s"'<>)\]]+/g)].map((m) => m[0].replace(/&amp;/g, '&')).filter((url) => !ELSEWHERE.test(url));
}

/**
 * Issue 41, point 9: one origin rule for every link, with or without a request. The e-mails a
 * request sends (a booking, its cancellation, the venue's notice, loyalty, a promo code, an offer
 * made by hand) and those the housekeeping sweep sends (reminders, waiting-list offers, the
 * deadline's answers) link to one origin per venue: `SITE_URL`, else the venue's host with the
 * scheme and port the site is served on. The demo venue (the default one) is served on
 * `http://localhost:PORT`; a second venue tried locally at `sole.localhost` keeps the port.
 */
export function describeLinkOrigins(driver: Driver) {
  describe(`e-mail links from a request and from the sweep, on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true, plainBooking: true });
    const saved = { PORT: process.env.PORT, SITE_URL: process.env.SITE_URL };
    beforeAll(async () => {
      process.env.PORT = PORT;
      delete process.env.SITE_URL;
      delete process.env.STRIPE_SECRET_KEY;
      const { getDb } = await import('@/server/db/client');
      const { importVenue, readVenueFile } = await import('@/server/venues/import');
      const { DEMO_VENUE_FILE } = await import('@/server/venues/seed');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      const file = readVenueFile(DEMO_VENUE_FILE);
      await importVenue(db, { ...file, slug: 'sole', name: 'Osteria del Sole', hosts: ['sole.localhost'], default: false });
      // Both venues book the same plain way (no card, no SMS code), with a waiting list and a live promotion.
      const [demo] = await db.select().from(schema.venues).where(eq(schema.venues.isDefault, true));
      await db.update(schema.venues).set({ booking: { ...demo.booking!, waitingList: true } });
      forgetVenueContexts();
      await db.update(schema.promotions).set({ startsAt: new Date(TEST_NOW.getTime() - 86_400_000), endsAt: new Date(TEST_NOW.getTime() + 10 * 86_400_000), validUntil: testDay(30), quantity: 500, active: true });
    });
    afterAll(() => {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    });

    let serial = 0;
    const guest = (extra: Record<string, string> = {}) => {
      const n = ++serial;
      return { nome: `Ospite${n}`, cognome: 'Rossi', email: `origin${n}@example.com`, prefisso: '+39', telefono: '3471234567', privacy: '1', language: 'en', ...extra };
    };

    it.each([
      ['the default venue, opened on demo.localhost', 'demo.localhost', 'localhost', `http://localhost:${PORT}`],
      ['a second venue tried locally', 'sole.localhost', 'sole.localhost', `http://sole.localhost:${PORT}`],
    ])('%s: every e-mail kind links to one origin, from a request and from the sweep', async (_name, requestKey, venueKey, expected) => {
      const { getDb } = await import('@/server/db/client');
      const { dispatch } = await import('@/server/backend/dispatch');
      const { findVenueByKey } = await import('@/server/venues/queries');
      const { sendReminders, reminderDueAt } = await import('@/server/booking/reminders');
      const { answerOverduePending } = await import('@/server/staff/deadline');
      const { offerFreedSeats } = await import('@/server/booking/waitlist');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      const venue = (await findVenueByKey(db, venueKey))!;
      expect(venue).toBeTruthy();
      const mails = async (after: number) => db.select().from(schema.outbox).where(gt(schema.outbox.id, after));
      const [{ last }] = await db.select({ last: schema.outbox.id }).from(schema.outbox).orderBy(schema.outbox.id).then((rows) => [{ last: rows.at(-1)?.last ?? 0 }]);

      // From requests, as the site's own routes call the built-in backend (the guest's host picks the venue).
      const call = async (name: string, params: Record<string, string>) => {
        const answer = await dispatch(name, requestKey, new URLSearchParams(params));
        expect([name, answer.httpStatus]).toEqual([name, 200]);
        return answer.body.data as Record<string, unknown>;
      };
      const made = await call('reservation/create', { ...guest(), pax: '2', date: testDay(9), time: '20:00', zone: 'sala', recaptchaV3Token: 'local.v3.pass.testtoken' });
      await call('reservation/cancel', { hash: String(made.hash) });
      await call('fidelity/subscribe', { ...guest(), compleannoGiorno: '3', compleannoMese: '4', marketing: '1' });
      await call('promo/request', { ...guest(), urlName: 'aperitivo-omaggio', marketing: '1' });
      const waiting = await db
        .insert(schema.reservations)
        .values({ venueId: venue.id, hash: `byhand${requestKey.replace(/\W/g, '').padEnd(16, '0')}`, date: testDay(10), time: '20:00', shiftKey: 'cena', zoneKey: 'sala', covers: 2, status: 'waitinglist', firstName: 'Attesa', lastName: 'Rossi', email: `hand-${venueKey}@example.com`, phonePrefix: '+39', phone: '3471234567', locale: 'en', privacyAcceptedAt: TEST_NOW, policyVersion: '1', createdAt: TEST_NOW, updatedAt: TEST_NOW })
        .returning();
      await call('staff/offer', { hash: waiting[0].hash, version: '0' });
      const fromRequests = await mails(last);
      const [{ mid }] = [{ mid: fromRequests.at(-1)!.id }];

      // From the sweep, with no request at all: a reminder, the deadline's answer, a freed table offered.
      const base = { venueId: venue.id, time: '20:00', shiftKey: 'cena', zoneKey: 'sala', covers: 2, firstName: 'Sweep', lastName: 'Rossi', phonePrefix: '+39', phone: '3471234567', locale: 'en', privacyAcceptedAt: TEST_NOW, policyVersion: '1' };
      const long = new Date(TEST_NOW.getTime() - 3 * 86_400_000);
      const tag = requestKey.replace(/\W/g, '');
      await db.insert(schema.reservations).values([
        { ...base, hash: `remind${tag}`.padEnd(22, '0'), date: testDay(2), status: 'confirmed', email: `remind-${tag}@example.com`, createdAt: long, updatedAt: long },
        { ...base, hash: `pending${tag}`.padEnd(22, '0'), date: testDay(11), status: 'pending', email: `pending-${tag}@example.com`, createdAt: long, updatedAt: long },
        { ...base, hash: `waiting${tag}`.padEnd(22, '0'), date: testDay(12), status: 'waitinglist', email: `waiting-${tag}@example.com`, createdAt: TEST_NOW, updatedAt: TEST_NOW },
      ]);
      await sendReminders(db, new Date(reminderDueAt(venue.timezone, 10, testDay(2)).getTime() + 60_000));
      await answerOverduePending(db, TEST_NOW);
      await offerFreedSeats(db, venue, testDay(12), 'cena', TEST_NOW);
      const fromSweep = (await mails(mid)).filter((m) => m.venueId === venue.id);

      const kinds = (rows: typeof fromSweep) => [...new Set(rows.filter((m) => m.channel === 'email').map((m) => m.template))].sort();
      expect(kinds(fromRequests)).toEqual(['fidelityWelcome', 'promoCode', 'reservationCancelled', 'reservationConfirm', 'reservationVenue', 'waitlistOffer'].sort());
      expect(kinds(fromSweep)).toEqual(expect.arrayContaining(['bookingReminder', 'reservationDeclined', 'waitlistOffer']));
      const origins = (rows: typeof fromSweep) => [...new Set(rows.flatMap((m) => linksOf({ bodyText: m.bodyText, bodyHtml: m.bodyHtml, headers: m.headers as Record<string, string> })).map((url) => new URL(url).origin))];
      expect(origins(fromRequests)).toEqual([expected]);
      expect(origins(fromSweep)).toEqual([expected]);
    });

    it('SITE_URL, when set, is the origin of every link from both', async () => {
      process.env.SITE_URL = 'https://www.sole.example';
      try {
        const { getDb } = await import('@/server/db/client');
        const { dispatch } = await import('@/server/backend/dispatch');
        const { findVenueByKey } = await import('@/server/venues/queries');
        const { sendReminders, reminderDueAt } = await import('@/server/booking/reminders');
        const schema = await import('@/server/db/schema');
        const db = await getDb();
        const venue = (await findVenueByKey(db, 'sole.localhost'))!;
        const rows = await db.select({ id: schema.outbox.id }).from(schema.outbox);
        const last = Math.max(0, ...rows.map((r) => r.id));
        expect((await dispatch('fidelity/lookup', 'sole.localhost', new URLSearchParams({ email: 'origin-site@example.com', language: 'en' }))).httpStatus).toBe(200);
        const long = new Date(TEST_NOW.getTime() - 3 * 86_400_000);
        await db.insert(schema.reservations).values({ venueId: venue.id, hash: 'remindsiteurl'.padEnd(22, '0'), date: testDay(3), time: '20:00', shiftKey: 'cena', zoneKey: 'sala', covers: 2, status: 'confirmed', firstName: 'Site', lastName: 'Url', email: 'remind-site@example.com', phonePrefix: '+39', phone: '3471234567', locale: 'en', privacyAcceptedAt: long, policyVersion: '1', createdAt: long, updatedAt: long });
        await sendReminders(db, new Date(reminderDueAt(venue.timezone, 10, testDay(3)).getTime() + 60_000));
        const sent = (await db.select().from(schema.outbox).where(gt(schema.outbox.id, last))).filter((m) => m.channel === 'email');
        expect(sent.map((m) => m.template).sort()).toEqual(['bookingReminder', 'fidelityNotMember']);
        for (const m of sent) expect([...new Set(linksOf({ bodyText: m.bodyText, bodyHtml: m.bodyHtml, headers: m.headers as Record<string, string> }).map((u) => new URL(u).origin))]).toEqual(['https://www.sole.example']);
      } finally {
        delete process.env.SITE_URL;
      }
    });
  });
}
