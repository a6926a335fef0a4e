import { eq } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { DEMO_DAYS, TEST_NOW, testDay } from '../helpers/clock';
import type { ReservationInput } from '@/lib/forms/reservation';
import { formatLongDate } from '@/lib/i18n/format';
import { localToken } from '@/lib/botcheck/local';
import { forgetVenueContexts } from '@/server/venues/context';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import itMessages from '@/messages/it.json';

const FRIDAY = testDay(3);
const VENUE_MAIL = 'prenotazioni@trattoriadarosa.example';

const guest: ReservationInput = {
  pax: 2,
  date: FRIDAY,
  time: '20:00',
  zone: 'terrazza',
  nome: 'Giulia',
  cognome: 'Bianchi',
  email: 'giulia.venuemail@example.com',
  prefisso: '+39',
  telefono: '3471234567',
  privacy: true,
  marketing: false,
};

/**
 * Issue 44: every e-mail to the venue (a booking's news of each kind, an experience's, a
 * payment to settle by hand) is in the venue's own language (`language`, Italian by default),
 * never in the guest's (here English), and names the guest with the date in words.
 */
export function describeVenueEmails(driver: Driver) {
  describe(`e-mails to the venue on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true, plainBooking: true });

    const ctx = async (language: 'it' | 'de') => {
      const { getDb } = await import('@/server/db/client');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      const { findVenueByKey } = await import('@/server/venues/queries');
      const { id } = (await findVenueByKey(db, 'localhost'))!;
      await db.update(schema.venues).set({ language }).where(eq(schema.venues.id, id));
      forgetVenueContexts();
      const venue = (await findVenueByKey(db, 'localhost'))!;
      expect(venue.language).toBe(language);
      return { db, schema, venue };
    };

    it('the venue file says the language; Italian when it does not', async () => {
      const { db, venue } = await ctx('it');
      const { venueFileSchema } = await import('@/server/venues/schema');
      expect(venueFileSchema.shape.language.parse(undefined)).toBe('it');
      expect(venueFileSchema.shape.language.safeParse('xx').success).toBe(false);
      expect(db).toBeTruthy();
      expect(venue.email).toBe(VENUE_MAIL);
    });

    it.each(['de', 'it'] as const)('a table booking of an English guest: every news of it reaches a %s-speaking venue in its language, the guest named, the date in words', async (language) => {
      const { db, schema, venue } = await ctx(language);
      const { createReservation } = await import('@/server/booking/service');
      const { reservationSchema } = await import('@/lib/forms/reservation');
      const { reservationEmails } = await import('@/server/booking/emails');
      const answer = await createReservation(db, venue, reservationSchema.parse({ ...guest, email: `giulia.${language}@example.com` }), { locale: 'en', partner: false, host: 'localhost', botVerdict: 'pass' }, TEST_NOW);
      expect(answer.outcome).toBe('confirm');
      // The notice the booking itself queued.
      const queued = (await db.select().from(schema.outbox).where(eq(schema.outbox.template, 'reservationVenue'))).filter((m) => m.bodyText.includes(`giulia.${language}@example.com`));
      expect(queued).toHaveLength(1);
      const [r] = (await db.select().from(schema.reservations)).filter((row) => row.email === `giulia.${language}@example.com`);
      const catalogue = { de, it: itMessages }[language].emails.reservationVenue;
      const inWords = formatLongDate(FRIDAY, language);
      expect(inWords).toMatch(language === 'de' ? /^Freitag, / : /^venerdì /);
      const mails = [queued[0].subject + '\n' + queued[0].bodyText];
      for (const news of ['confirm', 'accept', 'waitinglist', 'changed', 'cancelled', 'declined', 'venueCancelled'] as const) {
        const notice = (await reservationEmails(db, venue, r, news, { host: 'localhost', zoneName: { it: 'Terrazza', de: 'Terrasse' }, now: TEST_NOW })).find((m) => m.to === VENUE_MAIL)!;
        expect(notice.locale).toBe(language);
        expect(notice.subject).toBe(`${catalogue.events[news]}: Giulia Bianchi, ${inWords}, 20:00, 2 ${language === 'de' ? 'Gedecke' : 'coperti'}`);
        expect(notice.text).toContain('Giulia Bianchi');
        expect(notice.text).toContain(inWords);
        mails.push(notice.subject + '\n' + notice.text);
      }
      for (const mail of mails) {
        // Never the guest's language, never the ISO date.
        expect(mail).not.toContain(en.emails.reservationVenue.events.confirm);
        expect(mail).not.toContain(en.emails.reservationVenue.body);
        expect(mail).not.toContain(` ${FRIDAY} `);
        expect(mail).toContain(inWords);
      }
    });

    it("an experience booking of an English guest reaches a German-speaking venue in German, the guest named, the date in words", async () => {
      const { db, schema } = await ctx('de');
      const { createBackendClient } = await import('@/lib/backend/client');
      const { builtinTransport } = await import('@/server/backend/builtin');
      const client = createBackendClient(builtinTransport('localhost'), 'builtin');
      const wine = (await db.select().from(schema.experiences)).find((e) => e.key === 'vini-toscani')!;
      const day = DEMO_DAYS.wineEvening;
      const made = await client.experience('createexperiencereserve', {
        payload: JSON.stringify({ language: 'en', experienceId: wine.id, day, time: '18:00', pax: 2, nome: 'Marco', cognome: 'Verdi', email: 'marco.venuemail@example.com', prefisso: '+39', telefono: '3471234567', privacy: true, marketing: false }),
        recaptchaV2Token: '',
        recaptchaV3Token: localToken('v3', 'pass'),
        tokenVersion: 'v3',
      });
      expect(made).toMatchObject({ status: true });
      const notice = (await db.select().from(schema.outbox).where(eq(schema.outbox.template, 'experience_venue'))).find((m) => m.bodyText.includes('marco.venuemail@example.com'))!;
      const inWords = formatLongDate(day, 'de');
      expect(notice.subject).toContain('Marco Verdi');
      expect(notice.subject).toContain(`${inWords}, 18:00`);
      expect(notice.bodyText).toContain(inWords);
      expect(notice.bodyText).toContain(de.experiences.emails.venue.greetingPlain);
      expect(notice.bodyText).not.toContain(itMessages.experiences.emails.venue.greetingPlain);
      expect(notice.bodyText).not.toContain(en.experiences.emails.venue.greetingPlain);
    });

    it('a gift card bought by an English guest reaches a German-speaking venue in German, the buyer named, the day of the sale in words', async () => {
      const { db, schema } = await ctx('de');
      delete process.env.STRIPE_SECRET_KEY;
      const { dispatch } = await import('@/server/backend/dispatch');
      const started = await dispatch('giftcard/checkout', 'localhost', new URLSearchParams({
        id: 'buono-50', quantity: '1', firstName: 'Anna', lastName: 'Neri', email: 'anna.venuemail@example.com', prefix: '+39', mobile: '347 123 4567', birthDate: '12/05/1985',
        city: 'Firenze', country: 'Italia', province: 'FI', cap: '50100', recipient: 'me', paymentMethod: 'card', privacy: '1', marketing: '0', language: 'en', siteBase: 'http://localhost:3000/en', remoteIp: '203.0.113.7',
      }));
      expect(started.httpStatus).toBe(200);
      const { fingerprint } = (started.body as { data: { fingerprint: string } }).data;
      const [order] = await db.select().from(schema.giftCardOrders).where(eq(schema.giftCardOrders.fingerprint, fingerprint));
      const { localCheckout } = await import('@/server/payments/checkout');
      const { getDb } = await import('@/server/db/client');
      await localCheckout(getDb).pay(order.paymentReference!, '4242424242424242');
      expect(await dispatch('giftcard/create', 'localhost', new URLSearchParams({ fingerprint }))).toMatchObject({ body: { data: { status: 'paid' } } });
      const [notice] = (await db.select().from(schema.outbox).where(eq(schema.outbox.template, 'giftcardVenue'))).filter((m) => m.venueId === order.venueId).slice(-1);
      expect(notice.locale).toBe('de');
      expect(notice.subject).toContain(de.giftcards.emails.venue.subject.replace(' {orderNumber}', ''));
      expect(notice.bodyText).toContain('Anna Neri');
      expect(notice.bodyText).toMatch(/(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d+\. \S+ um \d\d:\d\d|(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d+\. \S+, \d\d:\d\d/);
      expect(notice.bodyText).not.toContain(en.giftcards.emails.venue.greeting);
    });

    it.each(['de', 'it'] as const)('a payment to settle by hand reaches a %s-speaking venue in its language, the guest named, the booking\'s date in words', async (language) => {
      const { db, schema, venue } = await ctx(language);
      const { createReservation } = await import('@/server/booking/service');
      const { reservationSchema } = await import('@/lib/forms/reservation');
      const { queueMoneyFailedEmail } = await import('@/server/payments/flag');
      const email = `giulia.money.${language}@example.com`;
      await createReservation(db, venue, reservationSchema.parse({ ...guest, email, time: '21:00' }), { locale: 'en', partner: false, host: 'localhost', botVerdict: 'pass' }, TEST_NOW);
      const [r] = await db.select().from(schema.reservations).where(eq(schema.reservations.email, email));
      const failed = { what: 'feeRefund', why: 'refused', reference: 'lnpi_R1', amountCents: 2000, currency: 'EUR', attempts: 1, error: 'card_declined', provider: 'local' } as const;
      expect(await queueMoneyFailedEmail(db, venue.id, { ...failed, of: { reservationId: r.id } })).toBe(true);
      const [mail] = (await db.select().from(schema.outbox).where(eq(schema.outbox.template, 'moneyFailed')).orderBy(schema.outbox.id)).slice(-1);
      const catalogue = { de, it: itMessages }[language].payments.moneyFailedEmail;
      const other = { de: itMessages, it: de }[language].payments.moneyFailedEmail;
      const inWords = formatLongDate(FRIDAY, language);
      expect(mail.locale).toBe(language);
      expect(mail.subject).toContain(catalogue.feeRefund);
      expect(mail.subject).toContain('Giulia Bianchi');
      expect(mail.bodyText).toContain(`Giulia Bianchi${catalogue.ofBooking.replace('{date}', inWords).replace('{time}', '21:00')}`);
      expect(mail.bodyText).toContain(inWords);
      expect(mail.bodyText).toContain(`${catalogue.reference}: lnpi_R1`);
      expect(mail.bodyText).not.toContain(other.feeRefund);
      // A deposit whose booking was never made: the guest's address names them; no date to give.
      expect(await queueMoneyFailedEmail(db, venue.id, { ...failed, what: 'depositRefund', reference: 'lnpi_R2', of: { paymentReference: 'lnpi_R2', guestEmail: 'deposit.guest@example.com' } })).toBe(true);
      const [deposit] = (await db.select().from(schema.outbox).where(eq(schema.outbox.template, 'moneyFailed')).orderBy(schema.outbox.id)).slice(-1);
      expect(deposit.subject).toContain('deposit.guest@example.com');
      expect(deposit.bodyText).not.toContain(inWords);
    });
  });
}
