import { and, eq } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { siteBooking } from '../helpers/site-booking';
import { DEMO_DAYS, testDay, TEST_NOW } from '../helpers/clock';
import { february30 } from '../helpers/dates';
import type { ReservationInput } from '@/lib/forms/reservation';
import { forgetVenueContexts } from '@/server/venues/context';

// The demo venue confirms up to 6 covers by itself; more await the venue (pending).
const DAY = testDay(3);
const guest = (i: number, pax: number, time = '20:00', date = DAY): ReservationInput => ({
  pax,
  date,
  time,
  zone: 'sala',
  nome: `Ospite${i}`,
  cognome: 'Bianchi',
  email: `staff-guest${i}@example.com`,
  prefisso: '+39',
  telefono: '3471234567',
  note: i === 1 ? 'Seggiolone per un bambino' : '',
  privacy: true,
  marketing: false,
});
const form = (values: Record<string, string | number>) => new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]));

type Answer = { httpStatus: number; body: { status: boolean; error?: string; data?: { result: string; booking: { status: string; version: number; attendance: string; venueNote: string } } } };

/** Issue 23: the service sheet and the venue's answers on the built-in backend. */
export function describeStaffSheet(driver: Driver) {
  describe(`the venue's service sheet and answers on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true, plainBooking: true });

    const ctx = async () => {
      const { db, venue, schema, bookAnswer } = await siteBooking();
      return { db, venue, schema, book: bookAnswer };
    };
    const call = async (name: string, params: URLSearchParams) => (await import('@/server/backend/dispatch')).dispatch(name, 'localhost', params) as Promise<Answer>;
    const mailsTo = async (to: string) => {
      const { db, schema } = await ctx();
      return db.select().from(schema.outbox).where(eq(schema.outbox.recipient, to)).orderBy(schema.outbox.id);
    };
    const ics = (mail: { attachments: { content: string; contentType: string }[] }) => ({ type: mail.attachments[0]?.contentType ?? '', text: Buffer.from(mail.attachments[0]?.content ?? '', 'base64').toString('utf8') });

    it('shows the day by shift and time with covers against capacity, and the waiting list in join order', async () => {
      const { book, db, schema } = await ctx();
      const big = await book(guest(1, 8, '20:00'));
      const small = await book(guest(2, 2, '19:30'));
      expect([big.row.status, small.row.status]).toEqual(['pending', 'confirmed']);
      // Two guests on the waiting list (joined in this order).
      const w1 = await book(guest(3, 2, '21:00'));
      const w2 = await book(guest(4, 3, '21:00'));
      await db.update(schema.reservations).set({ status: 'waitinglist', createdAt: new Date(TEST_NOW.getTime() + 1000) }).where(eq(schema.reservations.id, w2.row.id));
      await db.update(schema.reservations).set({ status: 'waitinglist', createdAt: new Date(TEST_NOW.getTime() + 2000) }).where(eq(schema.reservations.id, w1.row.id));

      const sheet = await call('staff/day', form({ date: DAY }));
      expect(sheet.httpStatus).toBe(200);
      const data = sheet.body.data as unknown as { shifts: { key: string; capacity: number; covers: number; bookings: { name: string; time: string; covers: number; status: string; notes: string; phone: string; zone: string }[] }[]; waitingList: { name: string }[] };
      const cena = data.shifts.find((s) => s.key === 'cena')!;
      expect(cena.covers).toBe(10);
      expect(cena.capacity).toBeGreaterThan(10);
      expect(cena.bookings.map((b) => [b.time, b.name, b.covers, b.status])).toEqual([
        ['19:30', 'Ospite2 Bianchi', 2, 'confirmed'],
        ['20:00', 'Ospite1 Bianchi', 8, 'pending'],
      ]);
      expect(cena.bookings[1]).toMatchObject({ notes: 'Seggiolone per un bambino', phone: '+39 347 123 4567', zone: 'sala' });
      expect(data.waitingList.map((b) => b.name)).toEqual(['Ospite4 Bianchi', 'Ospite3 Bianchi']);
      expect(await call('staff/day', form({ date: february30(TEST_NOW.getUTCFullYear()) }))).toMatchObject({ httpStatus: 400, body: { fieldErrors: { date: 'invalid' } } });
    });

    it('every transition, each checked against the version: confirm, decline with a note, arrived, no-show, cancel with a note; the guest is told', async () => {
      const { book } = await ctx();
      const pending = (await book(guest(10, 8, '20:00', testDay(4)))).row;
      const stale = await call('staff/confirm', form({ hash: pending.hash, version: pending.revision + 1 }));
      expect(stale).toMatchObject({ httpStatus: 409, body: { data: { result: 'changed', booking: { status: 'pending', version: pending.revision } } } });
      // Confirm: 20 devices at once on the same version: one answer, the others see it changed.
      const tries = await Promise.all(Array.from({ length: 20 }, () => call('staff/confirm', form({ hash: pending.hash, version: pending.revision }))));
      expect(tries.filter((t) => t.body.data?.result === 'done')).toHaveLength(1);
      expect(tries.filter((t) => t.body.data?.result === 'changed')).toHaveLength(19);
      const confirmedMails = (await mailsTo('staff-guest10@example.com')).filter((m) => m.template === 'reservationConfirm');
      expect(confirmedMails).toHaveLength(1);
      expect(ics(confirmedMails[0] as never)).toMatchObject({ type: expect.stringContaining('method=PUBLISH') });
      // Confirmed: arrived (then no second answer of the same kind on the old version).
      const version = pending.revision + 1;
      expect(await call('staff/confirm', form({ hash: pending.hash, version }))).toMatchObject({ httpStatus: 409, body: { data: { result: 'notAllowed' } } });
      expect(await call('staff/arrived', form({ hash: pending.hash, version }))).toMatchObject({ httpStatus: 200, body: { data: { result: 'done', booking: { attendance: 'arrived', status: 'confirmed' } } } });
      // Arrived is final for a no-show: a guest who came is never marked (nor charged) as one (issue 24).
      expect(await call('staff/noshow', form({ hash: pending.hash, version: version + 1 }))).toMatchObject({ httpStatus: 409, body: { data: { result: 'notAllowed', booking: { attendance: 'arrived' } } } });

      // Decline with a note: the seats are free at once; the guest's e-mail carries the note and a CANCEL .ics.
      const other = (await book(guest(11, 7, '20:30', testDay(4)))).row;
      const { db, venue } = await ctx();
      const D = testDay(4);
      expect(await call('staff/decline', form({ hash: other.hash, version: other.revision, note: 'Siamo al completo per un evento privato' }))).toMatchObject({
        httpStatus: 200,
        body: { data: { booking: { status: 'declined', venueNote: 'Siamo al completo per un evento privato' } } },
      });
      const declined = (await mailsTo('staff-guest11@example.com')).find((m) => m.template === 'reservationDeclined')!;
      expect(declined.bodyText).toContain('Siamo al completo per un evento privato');
      expect(ics(declined as never).type).toContain('method=CANCEL');
      const { usageBetween } = await import('@/server/booking/service');
      const usage = (await usageBetween(db, venue.id, D, D, TEST_NOW)).get(D)!;
      expect(usage.shift.get('cena')).toBe(8);

      // Cancel by the venue with a note: cancelled, the seats freed, the guest told with a CANCEL .ics.
      const third = (await book(guest(12, 4, '21:00', testDay(4)))).row;
      expect(third.status).toBe('confirmed');
      expect(await call('staff/cancel', form({ hash: third.hash, version: third.revision, note: 'Guasto alla cucina' }))).toMatchObject({ httpStatus: 200, body: { data: { booking: { status: 'cancelled' } } } });
      const cancelled = (await mailsTo('staff-guest12@example.com')).find((m) => m.template === 'reservationCancelledByVenue')!;
      expect(cancelled.bodyText).toContain('Guasto alla cucina');
      expect(ics(cancelled as never).type).toContain('method=CANCEL');
      expect((await usageBetween(db, venue.id, D, D, TEST_NOW)).get(D)!.shift.get('cena')).toBe(8);
      // A pending booking cannot be marked arrived; a cancelled one cannot be confirmed.
      const fourth = (await book(guest(13, 9, '21:30', testDay(4)))).row;
      expect(await call('staff/arrived', form({ hash: fourth.hash, version: fourth.revision }))).toMatchObject({ httpStatus: 409, body: { data: { result: 'notAllowed', booking: { status: 'pending' } } } });
      expect(await call('staff/confirm', form({ hash: third.hash, version: third.revision + 1 }))).toMatchObject({ httpStatus: 409, body: { data: { result: 'notAllowed' } } });
      // No e-mail to the venue about its own answers.
      const { schema } = await ctx();
      const venueMails = await db.select().from(schema.outbox).where(and(eq(schema.outbox.template, 'reservationVenue')));
      expect(venueMails.every((m) => !/declined|cancelled by/i.test(m.subject))).toBe(true);
    });

    it('a guest\'s edit moves the version: an answer made on the old one is refused with the booking as it is now', async () => {
      const { book, db, venue } = await ctx();
      const { editReservation } = await import('@/server/booking/changes');
      const { reservationSchema } = await import('@/lib/forms/reservation');
      const r = (await book(guest(20, 8, '20:00', testDay(5)))).row;
      expect((await editReservation(db, venue, r.hash, reservationSchema.parse({ ...guest(20, 9, '20:30', testDay(5)) }), { host: 'localhost' }, TEST_NOW)).outcome).toBe('changed');
      expect(await call('staff/confirm', form({ hash: r.hash, version: r.revision }))).toMatchObject({ httpStatus: 409, body: { data: { result: 'changed', booking: { status: 'pending', version: r.revision + 1 } } } });
    });

    it('one-click links in the venue e-mail: signed, single-use under 20 concurrent clicks, voided by an edit, expired at the booking time; a GET changes nothing', async () => {
      const { book, db, venue, schema } = await ctx();
      const links = { ...(await import('@/server/staff/links')), ...(await import('@/server/booking/answer-link')) };
      const r = (await book(guest(40, 8, '19:00', testDay(4)))).row;
      expect(r.status).toBe('pending');
      // The venue's notification carries both links, for this version of the booking.
      const note = (await db.select().from(schema.outbox).where(eq(schema.outbox.template, 'reservationVenue'))).find((m) => m.bodyText.includes(r.hash))!;
      const confirmPath = links.answerLinkPath(venue, r, 'confirm');
      expect(note.bodyText).toContain(confirmPath);
      expect(note.bodyText).toContain(links.answerLinkPath(venue, r, 'decline'));
      const read = (path: string) => {
        const url = new URL(path, 'http://x');
        return links.readAnswerLink(url.pathname.split('/').pop()!, Object.fromEntries(url.searchParams));
      };
      // A forged signature, or another answer under the confirm signature, is not a link.
      expect(await links.answerLinkState(db, venue, read(confirmPath.replace(/s=.*/, 's=' + 'A'.repeat(32))))).toEqual({ state: 'invalid' });
      expect(await links.answerLinkState(db, venue, read(confirmPath.replace('a=confirm', 'a=decline')))).toEqual({ state: 'invalid' });
      // GET (the page's state) changes nothing, however often.
      for (let i = 0; i < 3; i++) expect((await links.answerLinkState(db, venue, read(confirmPath))).state).toBe('open');
      const [still] = await db.select().from(schema.reservations).where(eq(schema.reservations.id, r.id));
      expect(still.status).toBe('pending');
      // 20 clicks at once: one answer, and one e-mail to the guest.
      const clicks = await Promise.all(Array.from({ length: 20 }, () => links.answerByLink(db, venue, read(confirmPath), 'localhost')));
      expect(clicks.filter((c) => c.result === 'done')).toHaveLength(1);
      expect((await mailsTo('staff-guest40@example.com')).filter((m) => m.template === 'reservationConfirm')).toHaveLength(1);
      // A second click shows what was done, and when; the decline link of the same e-mail is spent too.
      const after = await links.answerLinkState(db, venue, read(confirmPath));
      expect(after).toMatchObject({ state: 'answered', booking: { status: 'confirmed', answeredBy: 'link', answeredAt: TEST_NOW.toISOString() } });
      expect(await links.answerByLink(db, venue, read(links.answerLinkPath(venue, r, 'decline')), 'localhost')).toMatchObject({ result: 'changed' });

      // An edit by the guest voids the old links; the new e-mail carries new ones.
      const { editReservation } = await import('@/server/booking/changes');
      const { reservationSchema } = await import('@/lib/forms/reservation');
      const other = (await book(guest(41, 8, '21:30', testDay(5)))).row;
      const oldDecline = links.answerLinkPath(venue, other, 'decline');
      expect((await editReservation(db, venue, other.hash, reservationSchema.parse(guest(41, 9, '21:30', testDay(5))), { host: 'localhost' }, TEST_NOW)).outcome).toBe('changed');
      expect(await links.answerByLink(db, venue, read(oldDecline), 'localhost', 'no')).toMatchObject({ result: 'changed', booking: { status: 'pending' } });
      const [edited] = await db.select().from(schema.reservations).where(eq(schema.reservations.id, other.id));
      expect(await links.answerByLink(db, venue, read(links.answerLinkPath(venue, edited, 'decline')), 'localhost', 'Siamo chiusi per ferie')).toMatchObject({ result: 'done', booking: { status: 'declined', venueNote: 'Siamo chiusi per ferie' } });

      // Past the booking's time the link has expired and acts no more.
      const late = (await book(guest(42, 8, '20:30', testDay(4)))).row;
      const { instantOf } = await import('@/server/booking/time');
      const at = new Date(instantOf(venue.timezone, late.date, late.time).getTime() + 60_000);
      expect(await links.answerLinkState(db, venue, read(links.answerLinkPath(venue, late, 'confirm')), at)).toMatchObject({ state: 'expired' });
      expect(await links.answerByLink(db, venue, read(links.answerLinkPath(venue, late, 'confirm')), 'localhost', '', at)).toEqual({ result: 'expired' });
    });

    it('no request waits forever: the housekeeping sweep declines a request past its deadline (24 h, never later than 2 h before), or confirms where the venue sets it so; guest and venue are told', async () => {
      const { book, db, venue, schema } = await ctx();
      const { sweepStale } = await import('@/server/runtime/housekeeping');
      const { instantOf } = await import('@/server/booking/time');
      const statusOf = async (id: number) => (await db.select().from(schema.reservations).where(eq(schema.reservations.id, id)))[0];
      const tonight = (await book(guest(50, 8, '21:30', testDay(0)))).row;
      const later = (await book(guest(51, 8, '21:30', testDay(5)))).row;
      expect([tonight.status, later.status]).toEqual(['pending', 'pending']);

      await sweepStale(db, new Date(TEST_NOW.getTime() + 60_000));
      expect((await statusOf(tonight.id)).status).toBe('pending');
      // Tonight's request: 2 hours before its time comes before 24 hours.
      const twoHoursBefore = instantOf(venue.timezone, tonight.date, '19:30');
      await sweepStale(db, new Date(twoHoursBefore.getTime() - 60_000));
      expect((await statusOf(tonight.id)).status).toBe('pending');
      await sweepStale(db, twoHoursBefore);
      expect(await statusOf(tonight.id)).toMatchObject({ status: 'declined', answeredBy: 'deadline' });
      expect((await statusOf(later.id)).status).toBe('pending');
      // The later one: 24 hours after it was made.
      await sweepStale(db, new Date(TEST_NOW.getTime() + 24 * 3600_000 - 60_000));
      expect((await statusOf(later.id)).status).toBe('pending');
      await sweepStale(db, new Date(TEST_NOW.getTime() + 24 * 3600_000));
      expect(await statusOf(later.id)).toMatchObject({ status: 'declined', answeredBy: 'deadline' });
      expect((await mailsTo('staff-guest51@example.com')).map((m) => m.template)).toContain('reservationDeclined');
      const venueMails = await db.select().from(schema.outbox).where(eq(schema.outbox.template, 'reservationVenue'));
      expect(venueMails.filter((m) => m.bodyText.includes('Ospite51') && m.subject.includes('automaticamente'))).toHaveLength(1);

      // A venue that confirms instead, after one hour.
      const { venues } = schema;
      const [row] = await db.select().from(venues).where(eq(venues.id, venue.id));
      await db.update(venues).set({ booking: { ...row.booking!, pendingDeadline: { hours: 1, minHoursBefore: 2, outcome: 'confirm' } } }).where(eq(venues.id, venue.id));
      forgetVenueContexts();
      try {
        const third = (await book(guest(52, 8, '20:30', testDay(5)))).row;
        await sweepStale(db, new Date(TEST_NOW.getTime() + 3600_000));
        expect(await statusOf(third.id)).toMatchObject({ status: 'confirmed', answeredBy: 'deadline' });
        expect((await mailsTo('staff-guest52@example.com')).map((m) => m.template)).toContain('reservationConfirm');
      } finally {
        await db.update(venues).set({ booking: row.booking }).where(eq(venues.id, venue.id));
        forgetVenueContexts();
      }
    });

    it('experiences booked on their own are on the same sheet and answered the same way: confirm, arrived, decline and cancel with a note, a deposit given back in full, the deadline (issue 23)', async () => {
      const { db, venue, schema } = await ctx();
      const { createBackendClient } = await import('@/lib/backend/client');
      const { builtinTransport } = await import('@/server/backend/builtin');
      const { localToken } = await import('@/lib/botcheck/local');
      const client = createBackendClient(builtinTransport('localhost'), 'builtin');
      const [wine, pasta] = await Promise.all(['vini-toscani', 'corso-pasta'].map(async (key) => (await db.select().from(schema.experiences).where(eq(schema.experiences.key, key)))[0]));
      const person = (i: number) => ({ nome: `Gusto${i}`, cognome: 'Verdi', email: `staff-exp${i}@example.com`, prefisso: '+39', telefono: '3471234567', privacy: true, marketing: false, language: 'fr' });
      const bookExperience = async (payload: Record<string, unknown>) => {
        const answer = await client.experience('createexperiencereserve', { payload: JSON.stringify(payload), recaptchaV2Token: '', recaptchaV3Token: localToken('v3', 'pass'), tokenVersion: 'v3' });
        if (!answer.status) throw new Error(answer.error);
        const [row] = await db.select().from(schema.experienceBookings).where(eq(schema.experienceBookings.hash, answer.data.hash));
        return row;
      };
      const WINE = DEMO_DAYS.wineEvening;
      // A party of 8 awaits the venue, as a table of 8 does; a party of 2 is confirmed.
      const big = await bookExperience({ ...person(1), experienceId: wine.id, day: WINE, time: '18:00', pax: 8 });
      const small = await bookExperience({ ...person(2), experienceId: wine.id, day: WINE, time: '18:30', pax: 2 });
      expect([big.status, small.status]).toEqual(['pending', 'confirmed']);
      const sheet = await call('staff/day', form({ date: WINE }));
      const listed = (sheet.body.data as unknown as { experiences: { kind: string; name: string; time: string; covers: number; status: string; experience: { it: string } }[] }).experiences;
      expect(listed.map((b) => [b.kind, b.time, b.name, b.covers, b.status])).toEqual([
        ['experience', '18:00', 'Gusto1 Verdi', 8, 'pending'],
        ['experience', '18:30', 'Gusto2 Verdi', 2, 'confirmed'],
      ]);
      expect(listed[0].experience.it).toBe(wine.title.it);

      // Confirm on a stale version is refused with the booking as it is now; on its version, once of 10.
      expect(await call('staff/confirm', form({ hash: big.hash, version: big.revision + 1 }))).toMatchObject({ httpStatus: 409, body: { data: { result: 'changed', booking: { kind: 'experience', status: 'pending' } } } });
      const tries = await Promise.all(Array.from({ length: 10 }, () => call('staff/confirm', form({ hash: big.hash, version: big.revision }))));
      expect(tries.filter((t) => t.body.data?.result === 'done')).toHaveLength(1);
      expect((await mailsTo('staff-exp1@example.com')).filter((m) => m.template === 'experience_confirm')).toHaveLength(1);
      expect(await call('staff/arrived', form({ hash: big.hash, version: big.revision + 1 }))).toMatchObject({ httpStatus: 200, body: { data: { booking: { attendance: 'arrived', status: 'confirmed' } } } });
      // A seated guest is not cancelled (issue 41); the mark is undone instead, then the booking cancelled.
      expect(await call('staff/cancel', form({ hash: big.hash, version: big.revision + 2, note: 'x' }))).toMatchObject({ httpStatus: 409, body: { data: { result: 'notAllowed', booking: { attendance: 'arrived' } } } });
      expect(await call('staff/undo', form({ hash: big.hash, version: big.revision + 2 }))).toMatchObject({ httpStatus: 200, body: { data: { result: 'done', booking: { attendance: '', status: 'confirmed' } } } });
      // No no-show before the experience's time plus the venue's grace (18:30 + 15 minutes in Florence).
      expect(await call('staff/noshow', form({ hash: small.hash, version: small.revision }))).toMatchObject({ httpStatus: 409, body: { status: false, error: 'tooEarly' } });
      const { instantOf } = await import('@/server/booking/time');
      const { pinClock } = await import('@/server/clock');
      pinClock(new Date(instantOf('Europe/Rome', WINE, '18:45').getTime()));
      try {
        expect(await call('staff/noshow', form({ hash: small.hash, version: small.revision }))).toMatchObject({ httpStatus: 200, body: { data: { booking: { attendance: 'noshow' } } } });
      } finally {
        pinClock(TEST_NOW);
      }

      // Cancelled by the venue: the guest's e-mail (in French) carries the note and a CANCEL .ics; the places return.
      expect(await call('staff/cancel', form({ hash: big.hash, version: big.revision + 3, note: 'Cave fermée pour travaux' }))).toMatchObject({ httpStatus: 200, body: { data: { booking: { status: 'cancelled', venueNote: 'Cave fermée pour travaux' } } } });
      const cancelled = (await mailsTo('staff-exp1@example.com')).find((m) => m.template === 'experience_venueCancelled')!;
      expect(cancelled.bodyText).toContain('Cave fermée pour travaux');
      expect(cancelled.subject).toContain('annulée');
      expect(ics(cancelled as never).type).toContain('method=CANCEL');
      const { bookedByDate } = await import('@/server/experiences/service');
      expect((await bookedByDate(db, wine.id, WINE, WINE)).get(WINE)).toBe(2);

      // A paid deposit: the venue's decline gives it back in full, and says so.
      const pending = await bookExperience({ ...person(3), experienceId: wine.id, day: WINE, time: '18:00', pax: 9 });
      expect(await call('staff/decline', form({ hash: pending.hash, version: pending.revision, note: 'Evento privato' }))).toMatchObject({ httpStatus: 200, body: { data: { booking: { status: 'declined' } } } });
      expect((await mailsTo('staff-exp3@example.com')).map((m) => m.template)).toContain('experience_declined');
      const FRIDAY = testDay(3);
      const started = await client.experiencePayment('startpayment', { experienceId: String(pasta.id), day: FRIDAY, time: '16:00', pax: '2', email: 'staff-exp4@example.com' });
      if (!started.status || !started.data.deposit) throw new Error('no deposit');
      const { reference, clientSecret } = started.data.deposit;
      expect(await client.experiencePayment('confirmlocaldeposit', { reference: reference!, clientSecret: clientSecret!, cardNumber: '4242424242424242' })).toMatchObject({ status: true });
      const paid = await bookExperience({ ...person(4), experienceId: pasta.id, day: FRIDAY, time: '16:00', pax: 2, campiAggiuntivi: { allergie: 'nessuna' }, depositReference: reference });
      expect(paid.paidCents).toBe(6000);
      expect(await call('staff/cancel', form({ hash: paid.hash, version: paid.revision, note: 'Chef malato' }))).toMatchObject({ httpStatus: 200 });
      const [mirror] = await db.select().from(schema.depositPayments).where(eq(schema.depositPayments.reference, reference!));
      expect(mirror.status).toBe('refunded');
      const refundMail = (await mailsTo('staff-exp4@example.com')).find((m) => m.template === 'experience_venueCancelled')!;
      expect(refundMail.bodyText).toMatch(/60/);
      // Answered twice, the refund is not made twice.
      expect(await call('staff/cancel', form({ hash: paid.hash, version: paid.revision + 1 }))).toMatchObject({ httpStatus: 409, body: { data: { result: 'notAllowed' } } });

      // No request waits forever: a pending experience is answered by the deadline sweep too.
      const late = await bookExperience({ ...person(5), experienceId: wine.id, day: WINE, time: '18:30', pax: 8 });
      expect(late.status).toBe('pending');
      const { sweepStale } = await import('@/server/runtime/housekeeping');
      await sweepStale(db, new Date(TEST_NOW.getTime() + 24 * 3600_000));
      const [answered] = await db.select().from(schema.experienceBookings).where(eq(schema.experienceBookings.id, late.id));
      expect(answered).toMatchObject({ status: 'declined', answeredBy: 'deadline' });
      expect((await mailsTo('staff-exp5@example.com')).map((m) => m.template)).toContain('experience_declined');
      const venueNews = await db.select().from(schema.outbox).where(eq(schema.outbox.template, 'experience_venue'));
      expect(venueNews.filter((m) => m.bodyText.includes('Gusto5') && m.subject.includes('scadere'))).toHaveLength(1);
      void venue;
    });

    it('refuses bad input with a 400 and unknown bookings with a 404', async () => {
      const { book } = await ctx();
      const r = (await book(guest(30, 8, '19:00', testDay(5)))).row;
      expect(await call('staff/decline', form({ hash: r.hash, version: r.revision, note: 'x'.repeat(501) }))).toMatchObject({ httpStatus: 400, body: { fieldErrors: { note: 'noteTooLong' } } });
      expect(await call('staff/confirm', form({ hash: 'short', version: 0 }))).toMatchObject({ httpStatus: 400 });
      expect(await call('staff/confirm', form({ hash: r.hash, version: 'abc' }))).toMatchObject({ httpStatus: 400, body: { fieldErrors: { version: 'invalid' } } });
      expect(await call('staff/confirm', form({ hash: 'A'.repeat(22), version: 0 }))).toMatchObject({ httpStatus: 404 });
    });
  });
}
