import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { TEST_NOW, testDay } from '../helpers/clock';
import type { ReservationInput } from '@/lib/forms/reservation';
import { forgetVenueContexts } from '@/server/venues/context';

/**
 * Issue 41, points 11 and 14: the signed link pages (reminder, waiting-list offer, no-show fee,
 * the venue's one-click answer) read and act through contract calls, which check the link's
 * signature (its purpose's own key, never the backend token) on the backend; so a front
 * (BACKEND_URL) shows and answers them, and a backend that cannot answer is a 503 page.
 */
const TOKEN = 'link-pages-backend-token';
let serial = 0;
const guest = (date: string, pax: number, time: string): ReservationInput => {
  const n = ++serial;
  return { pax, date, time, zone: 'sala', nome: `Ospite${n}`, cognome: 'Link', email: `link${n}@example.com`, prefisso: '+39', telefono: '3471234567', privacy: true };
};
const query = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);

/** A backend over HTTP for the front: checks the bearer, then the built-in dispatcher (the venue from X-Forwarded-Host). */
async function backendServer() {
  const { dispatch } = await import('@/server/backend/dispatch');
  const calls: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const call = (req.url ?? '').replace('/backend/api/frontpage/', '');
      calls.push(call);
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return res.writeHead(401).end('{"status":false,"error":"unauthorized"}');
      const { httpStatus, body: answer } = await dispatch(call, String(req.headers['x-forwarded-host']), new URLSearchParams(body));
      res.writeHead(httpStatus, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A browser's form POST to one of the site's link routes. */
const formPost = (path: string, values: Record<string, string>) =>
  new Request(`http://localhost${path}`, { method: 'POST', headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(values).toString() });

export function describeLinkPages(driver: Driver) {
  describe(`link pages through the contract on ${driver}`, () => {
    beforeAll(() => {
      process.env.BACKEND_TOKEN = TOKEN;
      delete process.env.LINK_SECRET;
      delete process.env.LINK_SECRET_PREVIOUS;
    });
    useSiteDatabase(driver, { calendar: true, plainBooking: true });
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
    afterEach(() => {
      delete process.env.BACKEND_URL;
    });

    const ctx = async () => {
      const { getDb } = await import('@/server/db/client');
      const { findVenueByKey } = await import('@/server/venues/queries');
      const service = await import('@/server/booking/service');
      const { reservationSchema } = await import('@/lib/forms/reservation');
      const schema = await import('@/server/db/schema');
      const { getBackendToken } = await import('@/server/backend/token');
      const db = await getDb();
      const venue = (await findVenueByKey(db, 'localhost'))!;
      const book = async (input: ReservationInput) => {
        const made = await service.createReservation(db, venue, reservationSchema.parse(input), { locale: 'en', partner: false, host: 'localhost', botVerdict: 'pass' }, TEST_NOW);
        return (await db.select().from(schema.reservations).where(eq(schema.reservations.hash, made.hash!)))[0];
      };
      /** A contract call over HTTP, through the built-in backend's own door, with the backend token, as a front sends it. */
      const contract = async (call: string, params: Record<string, string>) => {
        const { POST } = await import('@/app/backend/api/frontpage/[...call]/route');
        const request = new Request(`http://localhost/backend/api/frontpage/${call}`, {
          method: 'POST',
          headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${TOKEN}` },
          body: new URLSearchParams(params).toString(),
        });
        const response = await POST(request, { params: Promise.resolve({ call: call.split('/') }) });
        return { status: response.status, body: (await response.json()) as { status: boolean; data?: Record<string, unknown>; error?: string } };
      };
      /** What every link was signed with before issue 41: an HMAC under the backend token. */
      const byBackendToken = (...parts: (string | number)[]) => createHmac('sha256', getBackendToken()).update(parts.join('\u0000')).digest('base64url').slice(0, 32);
      return { db, venue, schema, book, contract, byBackendToken };
    };

    it('reservation/reminder and confirmreminder: the question, the answer once; a link signed with the backend token or for another purpose is 400 invalid', async () => {
      const { book, contract, venue, byBackendToken, db, schema } = await ctx();
      const { reminderLinkPath } = await import('@/server/booking/reminders');
      const { linkSignature } = await import('@/server/backend/signatures');
      const r = await book(guest(testDay(9), 2, '20:00'));
      const { s, v } = query(reminderLinkPath(venue.id, r, 'coming'));
      const shown = await contract('reservation/reminder', { hash: r.hash, v, s });
      expect(shown.status).toBe(200);
      expect(shown.body.data).toEqual({ state: 'open', booking: { hash: r.hash, status: 'confirmed', date: testDay(9), time: '20:00', covers: 2 }, freeCancel: true, feeCents: 0, currency: venue.currency });
      // The old scheme (the backend token every front holds), and the right key of another purpose, open nothing.
      for (const forged of [byBackendToken('booking-reminder', venue.id, r.hash, r.revision), linkSignature('waitlist-offer', venue.id, r.hash, r.revision)]) {
        expect(await contract('reservation/reminder', { hash: r.hash, v, s: forged })).toEqual({ status: 400, body: { status: false, error: 'invalid', fieldErrors: {} } });
        expect((await contract('reservation/confirmreminder', { hash: r.hash, v, s: forged, a: 'cancel' })).status).toBe(400);
      }
      expect((await db.select().from(schema.reservations).where(eq(schema.reservations.id, r.id)))[0].status).toBe('confirmed');
      const answered = await contract('reservation/confirmreminder', { hash: r.hash, v, s, a: 'coming' });
      expect([answered.status, answered.body.data?.state]).toEqual([200, 'coming']);
      // Spent: the cancel of the same e-mail changes nothing.
      expect((await contract('reservation/confirmreminder', { hash: r.hash, v, s, a: 'cancel' })).body.data?.state).toBe('coming');
      expect((await db.select().from(schema.reservations).where(eq(schema.reservations.id, r.id)))[0]).toMatchObject({ status: 'confirmed', reminderAnswer: 'coming' });
    });

    it('answerlink/get and answerlink/answer: the request and the one answer, with the backend token; a staff-answer link signed with the backend token is refused', async () => {
      const { book, contract, venue, byBackendToken } = await ctx();
      const { answerLinkPath } = await import('@/server/booking/answer-link');
      const r = await book(guest(testDay(9), 6, '20:30'));
      expect(r.status).toBe('pending');
      const { a, v, s } = query(answerLinkPath(venue, r, 'confirm'));
      const shown = await contract('answerlink/get', { hash: r.hash, a, v, s });
      expect(shown.body.data).toMatchObject({ state: 'open', timezone: 'Europe/Rome', booking: { hash: r.hash, status: 'pending', covers: 6, time: '20:30', answeredAt: '' } });
      // Only what the page shows: no e-mail address or phone number of the guest.
      expect(JSON.stringify(shown.body)).not.toContain('@example.com');
      expect((await contract('answerlink/answer', { hash: r.hash, a, v, s: byBackendToken('staff-answer-link', venue.id, r.hash, 'confirm', r.revision) })).status).toBe(400);
      // A confirm link's signature does not decline.
      expect((await contract('answerlink/answer', { hash: r.hash, a: 'decline', v, s })).status).toBe(400);
      const answered = await contract('answerlink/answer', { hash: r.hash, a, v, s });
      expect(answered.body.data).toMatchObject({ state: 'answered', booking: { status: 'confirmed' } });
      expect((await contract('answerlink/answer', { hash: r.hash, a, v, s })).body.data).toMatchObject({ state: 'answered', booking: { status: 'confirmed' } });
    });

    it('payment/feelink and feeauthenticate: how the fee ended; nothing to confirm or a forged link is 400', async () => {
      const { book, contract, venue, db, schema, byBackendToken } = await ctx();
      const { feeLinkPath } = await import('@/server/payments/fee-link');
      const r = await book(guest(testDay(9), 2, '21:00'));
      const [charge] = await db
        .insert(schema.noshowCharges)
        .values({ venueId: venue.id, reservationId: r.id, provider: 'local', reference: `lnpi_link_${r.id}`, paymentMethod: 'lpm_card', amountCents: 5000, currency: 'EUR', status: 'succeeded' })
        .returning();
      const { s } = query(feeLinkPath(venue.id, charge.id));
      const shown = await contract('payment/feelink', { id: String(charge.id), s });
      expect(shown.body.data).toMatchObject({ state: 'succeeded', provider: 'local', amountCents: 5000, currency: 'EUR', date: testDay(9), time: '21:00', clientSecret: null });
      expect((await contract('payment/feelink', { id: String(charge.id), s: byBackendToken('noshow-fee', venue.id, charge.id) })).status).toBe(400);
      expect((await contract('payment/feeauthenticate', { id: String(charge.id), s, approve: '1' })).status).toBe(400);
    });

    it('on a front (BACKEND_URL): the offer page reads and the claim, reminder and answer forms act through the contract, and come back to their pages', async () => {
      const { book, venue, db, schema } = await ctx();
      const { offerLinkPath } = await import('@/server/booking/waitlist');
      const { reminderLinkPath } = await import('@/server/booking/reminders');
      const { answerLinkPath } = await import('@/server/booking/answer-link');
      const { cancelReservation } = await import('@/server/booking/changes');
      const { localMoment } = await import('@/server/booking/time');
      const day = testDay(10);
      // A full evening (capacity 60), one guest waiting; a guest cancels and the seats are offered.
      const seated = [];
      for (let i = 0; i < 15; i++) seated.push(await book(guest(day, 4, '20:00')));
      const waiting = await book(guest(day, 2, '21:00'));
      expect(waiting.status).toBe('waitinglist');
      await cancelReservation(db, venue, seated[0].hash, { host: 'localhost' }, TEST_NOW);
      const [offer] = await db.select().from(schema.waitlistOffers).where(eq(schema.waitlistOffers.reservationId, waiting.id));
      const { s } = query(offerLinkPath(venue.id, offer.id));

      const backend = await backendServer();
      process.env.BACKEND_URL = backend.url;
      try {
        const { backendFor } = await import('@/server/backend');
        const shown = await backendFor('localhost').links('waitlist/offer', { id: String(offer.id), s });
        expect(shown).toEqual({ status: true, data: { state: 'open', booking: { hash: waiting.hash, status: 'waitinglist', date: day, time: '21:00', covers: 2 }, until: localMoment('Europe/Rome', new Date(TEST_NOW.getTime() + 15 * 60_000)).time } });
        const { handleOfferClaim, handleReminderAnswer } = await import('@/server/booking/guest-links-http');
        const claimed = await handleOfferClaim(formPost('/api/reservation/offer', { id: String(offer.id), s, language: 'fr' }));
        expect(claimed.status).toBe(303);
        expect(claimed.headers.get('location')).toBe(`/fr/frontpage/waitlist/${offer.id}?s=${s}`);
        expect((await db.select().from(schema.reservations).where(eq(schema.reservations.id, waiting.id)))[0].status).toBe('confirmed');

        const r = seated[1];
        const link = query(reminderLinkPath(venue.id, r, 'cancel'));
        const answered = await handleReminderAnswer(formPost('/api/reservation/reminder', { hash: r.hash, v: link.v, s: link.s, a: 'coming', language: 'en' }));
        expect(answered.status).toBe(303);
        expect(answered.headers.get('location')).toBe(`/en/frontpage/reminder/${r.hash}?a=coming&v=${link.v}&s=${link.s}`);
        expect((await db.select().from(schema.reservations).where(eq(schema.reservations.id, r.id)))[0].reminderAnswer).toBe('coming');

        const pending = await book(guest(testDay(11), 6, '20:00'));
        const answer = query(answerLinkPath(venue, pending, 'decline'));
        const { handleAnswerLink } = await import('@/server/staff/http');
        const declined = await handleAnswerLink(formPost('/api/staff/link', { hash: pending.hash, ...answer, note: 'Fully booked', language: 'it' }) as never);
        expect(declined.status).toBe(303);
        expect((await db.select().from(schema.reservations).where(eq(schema.reservations.id, pending.id)))[0].status).toBe('declined');
        // Every read and act went to the backend: the front's own database was never asked.
        expect(backend.calls).toEqual(['waitlist/offer', 'waitlist/claim', 'reservation/confirmreminder', 'answerlink/answer']);

        // A forged link is a 400 page in the guest's language, not JSON and not a 500.
        const forged = await handleOfferClaim(formPost('/api/reservation/offer', { id: String(offer.id), s: 'A'.repeat(32), language: 'it' }));
        expect(forged.status).toBe(400);
        expect(forged.headers.get('content-type')).toMatch(/^text\/html/);
        const it = (await import('@/messages/it.json')).default;
        expect(await forged.text()).toContain(it.waitlist.page.invalid.replace(/'/g, '&#39;'));
      } finally {
        await backend.close();
      }
    });

    it('a backend that cannot answer: the link calls read unavailable and the forms answer a translated 503 page', async () => {
      const backend = await backendServer();
      await backend.close();
      process.env.BACKEND_URL = backend.url;
      const { backendFor } = await import('@/server/backend');
      const { UNAVAILABLE } = await import('@/lib/backend/client');
      for (const call of ['reservation/reminder', 'waitlist/offer', 'payment/feelink', 'answerlink/get'] as const) {
        expect(await backendFor('localhost').links(call, { id: '1', hash: 'h', s: 'x' })).toMatchObject({ status: false, error: UNAVAILABLE });
      }
      const { handleOfferClaim, handleReminderAnswer } = await import('@/server/booking/guest-links-http');
      const { handleFeeAuthentication } = await import('@/server/payments/http');
      const { handleAnswerLink } = await import('@/server/staff/http');
      const de = (await import('@/messages/de.json')).default;
      const answers = [
        await handleOfferClaim(formPost('/api/reservation/offer', { id: '1', s: 'A'.repeat(32), language: 'de' })),
        await handleReminderAnswer(formPost('/api/reservation/reminder', { hash: 'A'.repeat(22), v: '0', s: 'A'.repeat(32), a: 'coming', language: 'de' })),
        await handleFeeAuthentication(formPost('/api/payments/fee', { id: '1', s: 'A'.repeat(32), approve: '1', language: 'de' })),
        await handleAnswerLink(formPost('/api/staff/link', { hash: 'A'.repeat(22), a: 'confirm', v: '0', s: 'A'.repeat(32), language: 'de' }) as never),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.headers.get('cache-control')).toBe('private, no-store');
        const html = await answer.text();
        expect(html).toContain('<html lang="de"');
        expect(html).toContain(de.errors.unavailableTitle);
      }
    });
  });
}
