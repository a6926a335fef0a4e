import { eq } from 'drizzle-orm';
import { useSiteDatabase } from '../helpers/databases';
import { DEMO_DAYS, testDay } from '../helpers/clock';
import { locales } from '@/lib/i18n/locales';
import { localToken } from '@/lib/botcheck/local';
import type { ReservationInput } from '@/lib/forms/reservation';

const FRIDAY = testDay(3);
const WINE = { it: 'Degustazione di vini toscani', en: 'Tuscan wine tasting', fr: 'Dégustation de vins toscans', es: 'Cata de vinos toscanos', de: 'Toskanische Weinprobe' };

/**
 * Issue 26: every guest e-mail about a booking carries its reservation markup, in the guest's
 * language, as a mail client reads it (the JSON-LD script in the HTML): a table booking's
 * `FoodEstablishmentReservation` with what Gmail requires (reservationNumber, reservationStatus,
 * underName, reservationFor with its address, startTime, partySize) and the change and cancel
 * links; a change sends the new time under the same number; a cancellation
 * `ReservationCancelled`. An experience booking carries an `EventReservation`.
 */
describe('reservation markup in the e-mails', () => {
  // Markup, not trust: no card guarantee, no SMS code.
  useSiteDatabase('pglite', { calendar: true, plainBooking: true });

  const setup = async () => {
    const { getDb } = await import('@/server/db/client');
    const { findVenueByKey } = await import('@/server/venues/queries');
    const schema = await import('@/server/db/schema');
    const db = await getDb();
    const venue = (await findVenueByKey(db, 'localhost'))!;
    /** The JSON-LD of the one e-mail of `template` to `to`, parsed from its HTML as a mail client would. */
    const markupOf = async (template: string, to: string) => {
      const mails = (await db.select().from(schema.outbox).where(eq(schema.outbox.template, template))).filter((m) => m.recipient === to);
      expect(mails).toHaveLength(1);
      const html = mails[0].bodyHtml ?? '';
      const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
      expect(scripts).toHaveLength(1);
      return { data: JSON.parse(scripts[0][1]), lang: /<html lang="(\w+)"/.exec(html)?.[1] };
    };
    return { db, venue, schema, markupOf };
  };

  const expectAddress = (place: Record<string, unknown>) => {
    expect(place.name).toBe('Trattoria Da Rosa');
    expect(place.address).toMatchObject({ '@type': 'PostalAddress', streetAddress: 'Via dei Neri 42r', addressLocality: 'Firenze', postalCode: '50122', addressCountry: 'IT' });
    expect(place.telephone).toBe('+39 055 210 4387');
  };
  /** `yyyy-mm-ddT20:00:00+02:00`: the venue's wall clock with Florence's offset that day. */
  const localTime = (day: string, time: string) => new RegExp(`^${day}T${time}:00\\+0[12]:00$`);

  it('a table booking: FoodEstablishmentReservation in each language, updated by a change, ReservationCancelled by a cancel', async () => {
    const { db, venue, markupOf } = await setup();
    const service = await import('@/server/booking/service');
    const changes = await import('@/server/booking/changes');
    const { reservationSchema } = await import('@/lib/forms/reservation');
    for (const [i, locale] of locales.entries()) {
      const email = `markup-${locale}@example.com`;
      const input: ReservationInput = { pax: 2, date: FRIDAY, time: '20:00', zone: 'sala', nome: `Ospite${i}`, cognome: 'Rossi', email, prefisso: '+39', telefono: '3471234567', privacy: true, marketing: false };
      const made = await service.createReservation(db, venue, reservationSchema.parse(input), { locale, partner: false, host: 'localhost', botVerdict: 'pass' });
      expect(made.outcome).toBe('confirm');
      const hash = made.hash!;
      const { data, lang } = await markupOf('reservationConfirm', email);
      expect(lang).toBe(locale);
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'FoodEstablishmentReservation',
        reservationNumber: `${hash.slice(0, 4)} ${hash.slice(4, 8)}`,
        reservationStatus: 'https://schema.org/ReservationConfirmed',
        underName: { '@type': 'Person', name: `Ospite${i} Rossi`, email },
        partySize: 2,
        reservationFor: { '@type': 'Restaurant' },
      });
      expect(data.startTime).toMatch(localTime(FRIDAY, '20:00'));
      expectAddress(data.reservationFor);
      // The guest's own pages, in the guest's language (Italian has no prefix).
      const prefix = locale === 'it' ? '' : `/${locale}`;
      expect(new URL(data.modifyReservationUrl).pathname).toBe(`${prefix}/reserve/${hash}/edit`);
      expect(new URL(data.cancelReservationUrl).pathname).toBe(`${prefix}/reserve/${hash}/cancel`);

      // A change: the new time and party under the same number, in a fresh e-mail.
      expect((await changes.editReservation(db, venue, hash, reservationSchema.parse({ ...input, time: '21:00', pax: 3 }), { host: 'localhost' })).outcome).toBe('changed');
      const changed = (await markupOf('reservationChanged', email)).data;
      expect(changed).toMatchObject({ reservationNumber: data.reservationNumber, reservationStatus: 'https://schema.org/ReservationConfirmed', partySize: 3 });
      expect(changed.startTime).toMatch(localTime(FRIDAY, '21:00'));
      expect(new Date(changed.modifiedTime).getTime()).toBeGreaterThanOrEqual(new Date(data.modifiedTime).getTime());

      // A cancellation: ReservationCancelled, no more links to change or cancel.
      await changes.cancelReservation(db, venue, hash, { host: 'localhost' });
      const cancelled = (await markupOf('reservationCancelled', email)).data;
      expect(cancelled).toMatchObject({ '@type': 'FoodEstablishmentReservation', reservationNumber: data.reservationNumber, reservationStatus: 'https://schema.org/ReservationCancelled' });
      expect(cancelled.modifyReservationUrl).toBeUndefined();
      expect(cancelled.cancelReservationUrl).toBeUndefined();
      expectAddress(cancelled.reservationFor);
    }
  });

  it('an experience booking: EventReservation for the event in the guest language, cancelled likewise', async () => {
    const { db, schema, markupOf } = await setup();
    const { createBackendClient } = await import('@/lib/backend/client');
    const { builtinTransport } = await import('@/server/backend/builtin');
    const client = createBackendClient(builtinTransport('localhost'), 'builtin');
    const [wine] = await db.select().from(schema.experiences).where(eq(schema.experiences.key, 'vini-toscani'));
    const day = DEMO_DAYS.wineEvening;
    for (const [i, locale] of locales.entries()) {
      const email = `wine-${locale}@example.com`;
      const payload = { language: locale, experienceId: wine.id, day, time: '18:00', pax: 2, nome: `Ospite${i}`, cognome: 'Bianchi', email, prefisso: '+39', telefono: '3471234567', privacy: true, marketing: false };
      const answer = await client.experience('createexperiencereserve', { payload: JSON.stringify(payload), recaptchaV3Token: localToken('v3', 'pass'), recaptchaV2Token: '', tokenVersion: 'v3' });
      if (!answer.status) throw new Error(answer.error);
      const hash = answer.data.hash;
      const { data, lang } = await markupOf('experience_confirm', email);
      expect(lang).toBe(locale);
      expect(data).toMatchObject({
        '@type': 'EventReservation',
        reservationNumber: `${hash.slice(0, 4)} ${hash.slice(4, 8)}`,
        reservationStatus: 'https://schema.org/ReservationConfirmed',
        underName: { name: `Ospite${i} Bianchi`, email },
        reservationFor: { '@type': 'Event', name: WINE[locale], location: { '@type': 'Place' } },
      });
      expect(data.reservationFor.startDate).toMatch(localTime(day, '18:00'));
      expectAddress(data.reservationFor.location);
      expect(data.modifyReservationUrl).toContain(`/frontpage/esperienze/prenotazione/${hash}/edit`);
      expect(await client.experience('cancelreserve', { hash })).toMatchObject({ status: true });
      const cancelled = (await markupOf('experience_cancelled', email)).data;
      expect(cancelled).toMatchObject({ '@type': 'EventReservation', reservationNumber: data.reservationNumber, reservationStatus: 'https://schema.org/ReservationCancelled' });
    }
  });

  it('no script of the venue can close the markup: a name with </script> stays inside the JSON', async () => {
    const { brandEmail } = await import('@/server/outbox/layout');
    const framed = brandEmail(
      { name: 'X', logoUrl: '', brandColor: '', address: '', phone: '', siteUrl: 'https://x.example/' },
      'en',
      { html: '<p>hi</p>', text: 'hi' },
      { jsonLd: { name: '</script><script>alert(1)</script>' } },
    );
    expect(framed.html!.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(framed.html!)![1]).name).toBe('</script><script>alert(1)</script>');
  });
});
