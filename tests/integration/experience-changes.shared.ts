import { eq } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { testDay } from '../helpers/clock';
import type { ExperienceBookingInput } from '@/lib/forms/experience';
import { localToken } from '@/lib/botcheck/local';
import { forgetVenueContexts } from '@/server/venues/context';

const FRIDAY = testDay(3);
const SATURDAY = testDay(4);

const guest = (i: number, extra: Partial<ExperienceBookingInput> = {}): Partial<ExperienceBookingInput> => ({
  nome: `Ospite${i}`,
  cognome: 'Bianchi',
  email: `change${i}@example.com`,
  prefisso: '+39',
  telefono: '3471234567',
  privacy: true,
  marketing: false,
  ...extra,
});

/**
 * An experience booked on its own is changed and cancelled by the guest under the table
 * booking's rules (docs/experiences.md, "Change and cancel"): through the contract calls
 * `getreserve`, `editreserve`, `cancelreserve` on the built-in backend.
 */
export function describeExperienceChanges(driver: Driver) {
  describe(`experience booking changes on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true });

    const setup = async () => {
      const { createBackendClient } = await import('@/lib/backend/client');
      const { builtinTransport } = await import('@/server/backend/builtin');
      const { getDb } = await import('@/server/db/client');
      const { findVenueByKey } = await import('@/server/venues/queries');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      const venue = (await findVenueByKey(db, 'localhost'))!;
      const client = createBackendClient(builtinTransport('localhost'), 'builtin');
      const rows = await db.select().from(schema.experiences);
      const byKey = (key: string) => rows.find((r) => r.key === key)!;
      const book = async (payload: Partial<ExperienceBookingInput>) => {
        const answer = await client.experience('createexperiencereserve', { payload: JSON.stringify({ language: 'en', ...payload }), recaptchaV3Token: localToken('v3', 'pass'), recaptchaV2Token: '', tokenVersion: 'v3' });
        if (!answer.status) throw new Error(answer.error);
        return answer.data.hash;
      };
      const mails = async (template: string, to: string) =>
        (await db.select().from(schema.outbox).where(eq(schema.outbox.template, template))).filter((m) => m.recipient === to).map((m) => ({ ...m, text: m.bodyText, html: m.bodyHtml ?? '' }));
      /** A paid deposit on the local provider, for `pax` guests of the pasta class. */
      const paidDeposit = async (experienceId: number, day: string, time: string, pax: number) => {
        const started = await client.experiencePayment('startpayment', { experienceId: String(experienceId), day, time, pax: String(pax) });
        if (!started.status || !started.data.deposit) throw new Error('no deposit');
        const d = started.data.deposit;
        await client.experiencePayment('confirmlocaldeposit', { reference: d.reference!, clientSecret: d.clientSecret!, cardNumber: '4242424242424242' });
        return d.reference!;
      };
      const guaranteed = async (experienceId: number, day: string, time: string, pax: number, zone: string) => {
        const started = await client.experiencePayment('startpayment', { experienceId: String(experienceId), day, time, pax: String(pax), zone });
        if (!started.status || !started.data.guarantee) throw new Error('no guarantee');
        const g = started.data.guarantee;
        await client.payment('confirmlocal', { reference: g.reference!, clientSecret: g.clientSecret!, cardNumber: '4242424242424242' });
        return g.reference!;
      };
      return { client, db, schema, venue, byKey, book, mails, paidDeposit, guaranteed };
    };

    it('states the deposit, the balance due, the area, the guarantee and the links in the guest e-mail, and the reason and notes in both', async () => {
      const { db, schema, book, byKey, mails, paidDeposit, guaranteed } = await setup();
      const pasta = byKey('corso-pasta');
      const depositReference = await paidDeposit(pasta.id, FRIDAY, '16:00', 2);
      const hash = await book(guest(1, { experienceId: pasta.id, day: FRIDAY, time: '16:00', pax: 2, campiAggiuntivi: { allergie: 'nessuna' }, depositReference, note: 'Seggiolone, grazie' }));
      const [mail] = await mails('experience_confirm', 'change1@example.com');
      expect(mail.text).toContain(`Booking reference: ${hash.slice(0, 4)} ${hash.slice(4, 8)}`);
      expect(mail.text).toMatch(/Paid: €\s?60/);
      expect(mail.text).toMatch(/Balance due at the venue: €\s?70/);
      expect(mail.text).toContain('Notes: Seggiolone, grazie');
      // The demo's class is free to cancel until 72 hours before, as its texts say (issue 45).
      expect(mail.text).toMatch(/If you cancel by .+, the €\s?60 you paid is refunded in full/);
      expect(mail.text).toMatch(new RegExp(`Change your booking: http://\\S+/en/frontpage/esperienze/prenotazione/${hash}/edit`));
      expect(mail.html).toContain(`/en/frontpage/esperienze/prenotazione/${hash}/cancel`);

      const cena = byKey('cena-degustazione');
      const guaranteeReference = await guaranteed(cena.id, FRIDAY, '20:00', 3, 'terrazza');
      await book(guest(2, { experienceId: cena.id, day: FRIDAY, time: '20:00', pax: 3, zone: 'terrazza', guaranteeReference, cancellationPolicy: true, motivo: 'other' }));
      const [dinner] = await mails('experience_confirm', 'change2@example.com');
      expect(dinner.text).toMatch(/Area: \S+/);
      expect(dinner.text).toContain('Reason for your visit: Other');
      expect(dinner.text).toMatch(/Cancelling is free until|free cancellation/i);
      expect(dinner.text).toMatch(/€\s?60/);
      const venueNotes = await db.select().from(schema.outbox).where(eq(schema.outbox.template, 'experience_venue'));
      const venueNote = venueNotes.find((m) => m.bodyText.includes('Ospite2'));
      expect(venueNote?.bodyText).toMatch(/Motivo della visita: Altro/);
    });

    it('shows the booking, changes its date and time within the places, and refuses a change that needs another payment', async () => {
      const { client, db, schema, book, byKey, mails, guaranteed, paidDeposit } = await setup();
      const cena = byKey('cena-degustazione');
      const guaranteeReference = await guaranteed(cena.id, FRIDAY, '19:30', 2, 'sala');
      const hash = await book(guest(3, { experienceId: cena.id, day: FRIDAY, time: '19:30', pax: 2, zone: 'sala', guaranteeReference, cancellationPolicy: true }));
      const view = await client.experience('getreserve', { hash });
      if (!view.status) throw new Error(view.error);
      expect(view.data).toMatchObject({ hash, experienceHash: cena.hash, pax: 2, date: FRIDAY, time: '19:30', zone: 'sala', changeable: true, paxFixed: false, policy: { refundable: 'until', hoursBefore: 48 } });
      expect(await client.experience('getreserve', { hash: 'nope' })).toMatchObject({ status: false, error: 'notFound' });

      const moved = await client.experience('editreserve', { hash, day: SATURDAY, time: '20:30', pax: '4', zone: 'terrazza' });
      expect(moved).toMatchObject({ status: true, data: { outcome: 'changed' } });
      const [row] = await db.select().from(schema.experienceBookings).where(eq(schema.experienceBookings.hash, hash));
      expect(row).toMatchObject({ date: SATURDAY, time: '20:30', covers: 4, zoneKey: 'terrazza', priceCents: 4 * 8500, revision: 1 });
      const [changed] = await mails('experience_changed', 'change3@example.com');
      expect(Buffer.from(changed.attachments[0].content, 'base64').toString()).toContain('SEQUENCE:1');

      // A time the experience does not offer is bad input; places taken by others are never oversold.
      expect(await client.experience('editreserve', { hash, day: SATURDAY, time: '23:00', pax: '4', zone: 'terrazza' })).toMatchObject({ status: false, error: 'timeNotOffered' });
      await db.update(schema.experiences).set({ maxBookings: 5 }).where(eq(schema.experiences.id, cena.id));
      forgetVenueContexts();
      try {
        expect(await client.experience('editreserve', { hash, day: FRIDAY, time: '20:00', pax: '4', zone: 'sala' })).toMatchObject({ status: false, error: 'reserveEditSoldOutError' });
        // Its own places count for it: six of its own on Saturday would pass five only without them.
        expect(await client.experience('editreserve', { hash, day: SATURDAY, time: '20:00', pax: '5', zone: 'sala' })).toMatchObject({ status: true });
      } finally {
        await db.update(schema.experiences).set({ maxBookings: cena.maxBookings }).where(eq(schema.experiences.id, cena.id));
        forgetVenueContexts();
      }

      const pasta = byKey('corso-pasta');
      const depositReference = await paidDeposit(pasta.id, SATURDAY, '10:00', 2);
      const paid = await book(guest(4, { experienceId: pasta.id, day: SATURDAY, time: '10:00', pax: 2, campiAggiuntivi: { allergie: 'no' }, depositReference }));
      expect(await client.experience('getreserve', { hash: paid })).toMatchObject({ status: true, data: { paxFixed: true, paidCents: 6000 } });
      expect(await client.experience('editreserve', { hash: paid, day: SATURDAY, time: '10:00', pax: '3' })).toMatchObject({ status: false, error: 'reserveEditPaymentError' });
      expect(await client.experience('editreserve', { hash: paid, day: SATURDAY, time: '16:00', pax: '2' })).toMatchObject({ status: true });
    });

    it('lets only one of two racing edits take the last places', async () => {
      const { client, db, schema, book, byKey } = await setup();
      const wine = byKey('vini-toscani');
      const day = testDay(41);
      const a = await book(guest(5, { experienceId: wine.id, day, time: '18:00', pax: 2 }));
      const b = await book(guest(6, { experienceId: wine.id, day, time: '18:30', pax: 2 }));
      await db.update(schema.experiences).set({ maxBookings: 6 }).where(eq(schema.experiences.id, wine.id));
      forgetVenueContexts();
      try {
        const answers = await Promise.all([client.experience('editreserve', { hash: a, day, time: '18:00', pax: '4' }), client.experience('editreserve', { hash: b, day, time: '18:30', pax: '4' })]);
        expect(answers.map((x) => (x.status ? 'changed' : x.error)).sort()).toEqual(['changed', wine.soldOutActive ? 'reserveEditWaitingListError' : 'reserveEditSoldOutError']);
        const rows = await db.select().from(schema.experienceBookings).where(eq(schema.experienceBookings.experienceId, wine.id));
        expect(rows.filter((r) => r.status !== 'cancelled').reduce((sum, r) => sum + r.covers, 0)).toBeLessThanOrEqual(6);
      } finally {
        await db.update(schema.experiences).set({ maxBookings: wine.maxBookings }).where(eq(schema.experiences.id, wine.id));
        forgetVenueContexts();
      }
    });

    it('cancels: free before the deadline with the deposit refunded, the fee recorded after it, the places freed', async () => {
      const { client, db, schema, venue, book, byKey, mails, paidDeposit, guaranteed } = await setup();
      const pasta = byKey('corso-pasta');
      await db.update(schema.experiences).set({ cancellation: 24 }).where(eq(schema.experiences.id, pasta.id));
      forgetVenueContexts();
      try {
        const depositReference = await paidDeposit(pasta.id, testDay(5), '10:00', 2);
        const hash = await book(guest(7, { experienceId: pasta.id, day: testDay(5), time: '10:00', pax: 2, campiAggiuntivi: { allergie: 'no' }, depositReference }));
        const [confirm] = await mails('experience_confirm', 'change7@example.com');
        expect(confirm.text).toMatch(/If you cancel by .+, the €\s?60 you paid is refunded in full/);
        expect(await client.experience('getreserve', { hash })).toMatchObject({ status: true, data: { cancellation: { free: true, refundCents: 6000 } } });
        expect(await client.experience('cancelreserve', { hash })).toMatchObject({ status: true, data: { outcome: 'cancelled', feeCents: 0, refundCents: 6000 } });
        const [payment] = await db.select().from(schema.depositPayments).where(eq(schema.depositPayments.reference, depositReference));
        expect(payment.status).toBe('refunded');
        const [cancelled] = await mails('experience_cancelled', 'change7@example.com');
        expect(cancelled.text).toMatch(/We have refunded €\s?60/);
        // Nothing is due at the venue once cancelled (issue 45).
        expect(cancelled.text).not.toContain('Balance due at the venue');
        expect(Buffer.from(cancelled.attachments[0].content, 'base64').toString()).toContain('STATUS:CANCELLED');
        // Again: still cancelled, nothing refunded twice; and it can no longer be changed.
        expect(await client.experience('cancelreserve', { hash })).toMatchObject({ status: true, data: { refundCents: 0 } });
        expect(await client.experience('editreserve', { hash, day: testDay(5), time: '16:00', pax: '2' })).toMatchObject({ status: false, error: 'notChangeable' });
      } finally {
        await db.update(schema.experiences).set({ cancellation: pasta.cancellation }).where(eq(schema.experiences.id, pasta.id));
        forgetVenueContexts();
      }

      // Past the 48 hours of the dinner's policy: the no-show fee (per guest) is recorded, the places come back.
      const cena = byKey('cena-degustazione');
      const day = testDay(7); // a Tuesday: the dinner is not offered on Mondays, when the venue is closed (issue 45)
      const guaranteeReference = await guaranteed(cena.id, day, '20:00', 2, 'sala');
      const late = await book(guest(8, { experienceId: cena.id, day, time: '20:00', pax: 2, zone: 'sala', guaranteeReference, cancellationPolicy: true }));
      const { cancelExperienceBooking } = await import('@/server/experiences/changes');
      const { instantOf } = await import('@/server/booking/time');
      const dayBefore = new Date(instantOf(venue.timezone, day, '20:00').getTime() - 24 * 3_600_000);
      expect(await cancelExperienceBooking(db, venue, late, { host: 'localhost' }, dayBefore)).toMatchObject({ outcome: 'cancelled', feeCents: 4000, refundCents: 0 });
      const [row] = await db.select().from(schema.experienceBookings).where(eq(schema.experienceBookings.hash, late));
      expect(row).toMatchObject({ status: 'cancelled', cancellationFeeCents: 4000 });
      // Its e-mail says what became of the money: nothing was paid, the fee applies to the card (issue 45).
      const [lateMail] = await mails('experience_cancelled', 'change8@example.com');
      expect(lateMail.text).toMatch(/Nothing was paid in advance; as the cancellation terms say, a cancellation fee of €\s?40 applies to the card you gave as a guarantee\./);
      const days = await client.experience('availabledays', { experienceId: String(cena.id), year: day.slice(0, 4), month: String(Number(day.slice(5, 7))), pax: '2' });
      expect(days.status && days.data.find((d) => d.date === day)?.posti).toBe(cena.maxBookings);
      // After it began, nothing can be cancelled.
      const other = await book(guest(9, { experienceId: cena.id, day, time: '19:30', pax: 2, zone: 'sala', guaranteeReference: await guaranteed(cena.id, day, '19:30', 2, 'sala'), cancellationPolicy: true }));
      const after = new Date(instantOf(venue.timezone, day, '21:00').getTime());
      expect(await cancelExperienceBooking(db, venue, other, { host: 'localhost' }, after)).toMatchObject({ outcome: 'notChangeable' });
    });

    it("a cancelled booking's e-mail says what became of the money: a deposit kept under the terms, or nothing paid; never a balance due (issue 45)", async () => {
      const { client, db, schema, book, byKey, mails, paidDeposit } = await setup();
      const pasta = byKey('corso-pasta');
      // Not refundable (cancellation 0): the deposit stays with the venue.
      await db.update(schema.experiences).set({ cancellation: 0 }).where(eq(schema.experiences.id, pasta.id));
      forgetVenueContexts();
      try {
        const depositReference = await paidDeposit(pasta.id, testDay(10), '10:00', 2);
        const hash = await book(guest(10, { experienceId: pasta.id, day: testDay(10), time: '10:00', pax: 2, campiAggiuntivi: { allergie: 'no' }, depositReference }));
        const [confirm] = await mails('experience_confirm', 'change10@example.com');
        expect(confirm.text).toMatch(/Balance due at the venue: €\s?70/);
        expect(await client.experience('cancelreserve', { hash })).toMatchObject({ status: true, data: { outcome: 'cancelled', refundCents: 0 } });
        const [cancelled] = await mails('experience_cancelled', 'change10@example.com');
        expect(cancelled.text).toMatch(/The €\s?60 you paid is kept by the venue, as the cancellation terms say: it is not refunded\./);
        expect(cancelled.text).not.toContain('Balance due at the venue');
        expect(cancelled.text).not.toMatch(/We have refunded/);
      } finally {
        await db.update(schema.experiences).set({ cancellation: pasta.cancellation }).where(eq(schema.experiences.id, pasta.id));
        forgetVenueContexts();
      }
      // Paid at the venue (the class with no deposit): nothing paid, nothing to refund.
      await db.update(schema.experiences).set({ purchaseType: 0 }).where(eq(schema.experiences.id, pasta.id));
      forgetVenueContexts();
      try {
        const hash = await book(guest(11, { experienceId: pasta.id, day: testDay(10), time: '16:00', pax: 2, campiAggiuntivi: { allergie: 'no' } }));
        expect(await client.experience('cancelreserve', { hash })).toMatchObject({ status: true, data: { outcome: 'cancelled' } });
      } finally {
        await db.update(schema.experiences).set({ purchaseType: pasta.purchaseType }).where(eq(schema.experiences.id, pasta.id));
        forgetVenueContexts();
      }
      const [cancelled] = await mails('experience_cancelled', 'change11@example.com');
      expect(cancelled.text).toContain('Nothing was paid for this booking, so there is nothing to refund.');
    });
  });
}
