import { desc, eq } from 'drizzle-orm';
import { useSiteDatabase } from '../helpers/databases';

/**
 * Issue 29, point 14: the guest's e-mails in the five languages, each in the venue's frame
 * (logo and colour, address, phone and map link), kept as snapshots so a change of wording or
 * layout is a reviewed change. What differs from run to run (booking keys and references,
 * promotion codes) is masked; dates come from the pinned clock.
 */
const LOCALES = ['it', 'en', 'fr', 'es', 'de'] as const;
/** A fixed Tuesday, not the suites' moving TEST_NOW: the dates written in the e-mails are part of the snapshots. */
const SNAP_NOW = new Date('2031-05-06T09:00:00Z');
const FRIDAY = '2031-05-09';

describe('the guest e-mails in five languages', () => {
  useSiteDatabase('pglite', { now: SNAP_NOW, plainBooking: true });
  beforeAll(async () => {
    delete process.env.SITE_URL;
  });

  const ctx = async () => {
    const { getDb } = await import('@/server/db/client');
    const { findVenueByKey } = await import('@/server/venues/queries');
    const schema = await import('@/server/db/schema');
    const db = await getDb();
    return { db, schema, venue: (await findVenueByKey(db, 'localhost'))! };
  };

  const lastMailTo = async (to: string) => {
    const { db, schema } = await ctx();
    const [mail] = await db.select().from(schema.outbox).where(eq(schema.outbox.recipient, to)).orderBy(desc(schema.outbox.id)).limit(1);
    return mail;
  };

  /** Keys, references and codes change each run: masked. */
  const masked = (text: string, secrets: string[]) => secrets.filter(Boolean).reduce((out, secret, i) => out.split(secret).join(`<secret${i}>`), text);

  it.each(LOCALES)('a table booking confirmed, in %s', async (locale) => {
    const { db, venue, schema } = await ctx();
    const service = await import('@/server/booking/service');
    const { reservationSchema } = await import('@/lib/forms/reservation');
    const email = `snap-table-${locale}@example.com`;
    await service.createReservation(
      db,
      venue,
      reservationSchema.parse({ pax: 2, date: FRIDAY, time: '20:00', zone: 'sala', nome: 'Giulia', cognome: 'Rossi', email, prefisso: '+39', telefono: '3471234567', note: '', privacy: true, marketing: false }),
      { locale, partner: false, host: 'localhost', botVerdict: 'pass' },
      SNAP_NOW,
    );
    const [booking] = await db.select().from(schema.reservations).where(eq(schema.reservations.email, email));
    const mail = await lastMailTo(email);
    const { bookingReference } = await import('@/lib/i18n/format');
    const secrets = [booking.hash, bookingReference(booking.hash)];
    // A promotion is marketing (issue 26): its unsubscribe link, signed with this data directory's key, masked.
    expect({ subject: mail.subject, text: masked(mail.bodyText, secrets).replace(/unsubscribe\?t=\S+/, 'unsubscribe?t=<token>') }).toMatchSnapshot();
    // The frame: the venue's colour, name, address, phone and a map link, in the HTML too (the demo's logo is an SVG, which mail clients do not show: left out).
    expect(mail.bodyHtml).toContain('background:#8a2c1b');
    expect(mail.bodyHtml).not.toContain('logo.svg');
    expect(mail.bodyHtml).toContain(venue.address.split(',')[0]);
    expect(mail.bodyHtml).toContain(`href="tel:${venue.phone.replace(/[^\d+]/g, '')}"`);
    expect(mail.bodyHtml).toContain('https://www.google.com/maps/search/?api=1&amp;query=');
    expect(mail.bodyHtml!.match(/<html/g)).toHaveLength(1);
  });

  it.each(LOCALES)('an experience booked, in %s', async (locale) => {
    const { db, schema } = await ctx();
    const { createBackendClient } = await import('@/lib/backend/client');
    const { builtinTransport } = await import('@/server/backend/builtin');
    const { localToken } = await import('@/lib/botcheck/local');
    const client = createBackendClient(builtinTransport('localhost'), 'builtin');
    const [wine] = await db.select().from(schema.experiences).where(eq(schema.experiences.key, 'vini-toscani'));
    const email = `snap-exp-${locale}@example.com`;
    const payload = { nome: 'Marco', cognome: 'Verdi', email, prefisso: '+39', telefono: '3471112222', privacy: true, marketing: false, language: locale, experienceId: wine.id, day: wine.startDate, time: '18:00', pax: 2 };
    const answer = await client.experience('createexperiencereserve', { payload: JSON.stringify(payload), recaptchaV2Token: '', recaptchaV3Token: localToken('v3', 'pass'), tokenVersion: 'v3' });
    if (!answer.status) throw new Error(answer.error);
    const mail = await lastMailTo(email);
    const { bookingReference } = await import('@/lib/i18n/format');
    expect({ subject: mail.subject, text: masked(mail.bodyText, [answer.data.hash, bookingReference(answer.data.hash), wine.hash]) }).toMatchSnapshot();
  });

  it.each(LOCALES)('the loyalty welcome, in %s', async (locale) => {
    const { db, venue } = await ctx();
    const { subscribe } = await import('@/server/fidelity/service');
    const { fidelitySchema } = await import('@/lib/forms/fidelity');
    const email = `snap-loyal-${locale}@example.com`;
    expect(await subscribe(db, venue, fidelitySchema.parse({ nome: 'Luca', cognome: 'Bianchi', email, prefisso: '+39', telefono: '3479876543', compleannoGiorno: 12, compleannoMese: 5, privacy: true, marketing: true }), { locale, partner: false, host: 'localhost' })).toBe('success');
    const mail = await lastMailTo(email);
    // The unsubscribe link is signed with this data directory's key: masked.
    expect({ subject: mail.subject, text: mail.bodyText.replace(/unsubscribe\?t=\S+/, 'unsubscribe?t=<token>') }).toMatchSnapshot();
  });

  it.each(LOCALES)('a promotion code, in %s', async (locale) => {
    const { db, venue, schema } = await ctx();
    const { requestCode } = await import('@/server/promo/service');
    const { promoRequestSchema } = await import('@/lib/forms/promo');
    const email = `snap-promo-${locale}@example.com`;
    const phone = `34712${String(LOCALES.indexOf(locale)).padStart(5, '0')}`;
    const [promo] = await db.select().from(schema.promotions).where(eq(schema.promotions.venueId, venue.id));
    await requestCode(db, venue, promo.urlName, promoRequestSchema.parse({ nome: 'Sara', cognome: 'Neri', email, prefisso: '+39', telefono: phone, privacy: true, marketing: true }), { locale, partner: false, host: 'localhost' });
    const mail = await lastMailTo(email);
    const codes = await db.select().from(schema.promoCodes).where(eq(schema.promoCodes.email, email));
    const secrets = codes.flatMap((c) => [c.code, c.publicId]);
    // A promotion is marketing (issue 26): its unsubscribe link, signed with this data directory's key, masked.
    expect({ subject: mail.subject, text: masked(mail.bodyText, secrets).replace(/unsubscribe\?t=\S+/, 'unsubscribe?t=<token>') }).toMatchSnapshot();
  });
});
