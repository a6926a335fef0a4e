import { and, asc, eq } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { testDay } from '../helpers/clock';

/**
 * Issue 41, point 12: consent withdrawal, `guest:export` and `guest:erase` know a guest by the
 * canonical identity of lib/identity.ts, not by `lower(trim(email))`: unsubscribing
 * `Anna.Rossi+p@gmail.com` withdraws what `annarossi@gmail.com` gave, and export and erasure
 * find both rows.
 */
export function describeGuestIdentity(driver: Driver) {
  describe(`a guest is one inbox in consent, withdrawal, export and erasure, on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true, plainBooking: true });

    const setup = async () => {
      const { getDb } = await import('@/server/db/client');
      const { findVenueByKey } = await import('@/server/venues/queries');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      const venue = (await findVenueByKey(db, 'localhost'))!;
      return { db, venue, schema };
    };

    it('the SQL form of canonicalEmail gives what lib/identity.ts gives', async () => {
      const { db } = await setup();
      const { sql } = await import('drizzle-orm');
      const { canonicalEmailSql } = await import('@/server/consent/identity-sql');
      const { canonicalEmail } = await import('@/lib/identity');
      const addresses = [
        'Anna.Rossi+p@gmail.com',
        ' annarossi@GMAIL.com ',
        'a.n.n.a+x+y@googlemail.com',
        'Mario.Bianchi+promo@Example.IT',
        '+tag@example.com',
        'no-at-sign',
        '@example.com',
        'we"ird@x@example.com',
        'o.k@sub.gmail.com.example',
      ];
      for (const address of addresses) {
        const rows = await db.execute(sql`select ${canonicalEmailSql(sql`${address}::text`)} as c`);
        const value = (Array.isArray(rows) ? rows : (rows as { rows: { c: string }[] }).rows)[0] as { c: string };
        expect([address, value.c]).toEqual([address, canonicalEmail(address)]);
      }
    });

    it('unsubscribing Anna.Rossi+p@gmail.com withdraws annarossi@gmail.com’s consent; export and erasure find every row of the inbox', async () => {
      const { db, venue, schema } = await setup();
      const service = await import('@/server/booking/service');
      const { reservationSchema } = await import('@/lib/forms/reservation');
      const { subscribe } = await import('@/server/fidelity/service');
      const { fidelitySchema } = await import('@/lib/forms/fidelity');
      const { unsubscribeToken, withdrawMarketing } = await import('@/server/fidelity/unsubscribe');
      const { exportGuest, eraseGuest } = await import('@/server/consent/guest-data');

      // A table booked as annarossi@gmail.com, marketing by e-mail given.
      const booking = reservationSchema.parse({ pax: 2, date: testDay(4), time: '20:00', zone: 'sala', nome: 'Anna', cognome: 'Rossi', email: 'annarossi@gmail.com', prefisso: '+39', telefono: '3471112233', privacy: true, marketing: true });
      const made = await service.createReservation(db, venue, booking, { locale: 'it', partner: false, host: 'localhost', botVerdict: 'pass' });
      expect(made.hash).toBeTruthy();
      // The loyalty programme joined as Anna.Rossi+p@gmail.com, marketing given.
      await subscribe(db, venue, fidelitySchema.parse({ nome: 'Anna', cognome: 'Rossi', email: 'Anna.Rossi+p@gmail.com', prefisso: '+39', telefono: '3471112233', compleannoGiorno: 3, compleannoMese: 4, privacy: true, marketing: true }), { locale: 'it', partner: false, host: 'localhost' });
      const [member] = await db.select().from(schema.fidelityMembers).where(eq(schema.fidelityMembers.email, 'Anna.Rossi+p@gmail.com'));

      const marketing = async () =>
        db
          .select()
          .from(schema.consentRecords)
          .where(and(eq(schema.consentRecords.venueId, venue.id), eq(schema.consentRecords.purpose, 'marketing'), eq(schema.consentRecords.channel, 'email')))
          .orderBy(asc(schema.consentRecords.id));
      const latest = (rows: Awaited<ReturnType<typeof marketing>>) => {
        const last = new Map<string, boolean>();
        for (const r of rows) last.set(`${r.subjectType}:${r.email}`, r.given);
        return Object.fromEntries(last);
      };
      expect(latest(await marketing())).toEqual({ 'reservation:annarossi@gmail.com': true, 'fidelityMember:anna.rossi+p@gmail.com': true });

      // The member's unsubscribe link: both consents withdrawn, each under the address it was given with.
      expect(await withdrawMarketing(db, venue, unsubscribeToken(venue.id, member.id))).toBe('done');
      expect(latest(await marketing())).toEqual({ 'reservation:annarossi@gmail.com': false, 'fidelityMember:anna.rossi+p@gmail.com': false });
      expect(await withdrawMarketing(db, venue, unsubscribeToken(venue.id, member.id))).toBe('already');

      // Export by a third spelling of the same inbox: the booking, the membership and every consent.
      const exported = await exportGuest(db, 'ANNA.ROSSI@googlemail.com');
      expect(exported.reservations.map((r) => r.email)).toEqual(['annarossi@gmail.com']);
      expect(exported.fidelityMemberships.map((m) => m.email)).toEqual(['Anna.Rossi+p@gmail.com']);
      expect(new Set(exported.consents.map((c) => c.subject.type))).toEqual(new Set(['reservation', 'fidelityMember']));
      expect(exported.consents).toHaveLength(3 + 3 + 2);

      // Erasure by yet another: both rows blanked, every consent kept under the inbox's hash.
      const counts = await eraseGuest(db, 'annarossi+erase@gmail.com');
      expect(counts).toMatchObject({ reservations: 1, fidelityMembers: 1, consentRecords: 8 });
      const [row] = await db.select().from(schema.reservations).where(eq(schema.reservations.hash, made.hash!));
      expect(row).toMatchObject({ firstName: '', phone: '' });
      expect(row.email).toMatch(/^erased-[0-9a-f]{12}@invalid$/);
      const again = await exportGuest(db, 'anna.rossi@gmail.com');
      expect(again.reservations).toEqual([]);
      expect(again.consents).toHaveLength(8);
    });
  });
}
