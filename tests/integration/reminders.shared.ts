import { and, eq, like } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { testDay, TEST_NOW } from '../helpers/clock';
import { summerTimeStarts } from '../helpers/dates';
import { addDays } from '@/server/booking/availability';
import { forgetVenueContexts } from '@/server/venues/context';

/** A year after the pinned clock's: every day of the DST and sweep cases below is in the future. */
const YEAR = TEST_NOW.getUTCFullYear() + 1;
const SPRING = summerTimeStarts(YEAR);
const at = (day: string, time: string) => new Date(`${day}T${time}:00Z`);

let serial = 0;

/** Issue 24: reminders the day before, at the venue's hour where it is, once, with "I'm coming" and "Cancel". */
export function describeReminders(driver: Driver) {
  describe(`reminders on ${driver}`, () => {

    const site = useSiteDatabase(driver, { calendar: true });
    beforeAll(async () => {
      delete process.env.STRIPE_SECRET_KEY;
    });

    // Each test's bookings stay its own: the fixed days of one may be the pinned days of another when the clock moves.
    afterEach(async () => {
      const { getDb } = await import('@/server/db/client');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      await db.update(schema.reservations).set({ status: 'cancelled' }).where(like(schema.reservations.hash, 'remind%'));
    });

    const ctx = async () => {
      const { getDb } = await import('@/server/db/client');
      const { findVenueByKey } = await import('@/server/venues/queries');
      const reminders = await import('@/server/booking/reminders');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      const venue = (await findVenueByKey(db, 'localhost'))!;
      /** Sets the demo venue's time zone and reminder rules. */
      const configure = async (timezone: string, rules: { enabled?: boolean; hour?: number; sms?: boolean } = {}) => {
        const [row] = await db.select().from(schema.venues).where(eq(schema.venues.id, venue.id));
        await db
          .update(schema.venues)
          .set({ timezone, booking: { ...row.booking!, reminders: { enabled: true, hour: 10, sms: false, ...rules } } })
          .where(eq(schema.venues.id, venue.id));
        forgetVenueContexts();
        return (await findVenueByKey(db, 'localhost'))!;
      };
      /** A booking as stored (the sweep reads only the table), made `createdAt`. */
      const booking = async (date: string, time: string, createdAt: Date, values: Partial<typeof schema.reservations.$inferInsert> = {}) => {
        const n = ++serial;
        const [row] = await db
          .insert(schema.reservations)
          .values({
            venueId: venue.id,
            hash: `remind${String(n).padStart(16, '0')}`,
            date,
            time,
            shiftKey: 'cena',
            zoneKey: 'sala',
            covers: 2,
            status: 'confirmed',
            firstName: `Guest${n}`,
            lastName: 'Rossi',
            email: `remind${n}@example.com`,
            phonePrefix: '+39',
            phone: '3471234567',
            locale: 'en',
            privacyAcceptedAt: createdAt,
            policyVersion: '1',
            createdAt,
            updatedAt: createdAt,
            ...values,
          })
          .returning();
        return row;
      };
      const reminderMails = async (to: string) => (await db.select().from(schema.outbox).where(and(eq(schema.outbox.recipient, to), eq(schema.outbox.template, 'bookingReminder'))));
      return { db, venue, reminders, schema, configure, booking, reminderMails };
    };

    it('goes out at the venue hour the day before, in its time zone, across a DST change (Rome and New York)', async () => {
      const { reminders, configure, booking, reminderMails, db } = await ctx();
      await configure('Europe/Rome', { hour: 10 });
      // On the last Sunday of March Europe moves to summer time: 10:00 in Rome is 08:00 UTC that day (09:00 the day before).
      const rome = await booking(addDays(SPRING.europe, 1), '20:00', at(addDays(SPRING.europe, -8), '12:00'));
      expect(await reminders.sendReminders(db, at(SPRING.europe, '07:59'))).toBe(0);
      expect(await reminders.sendReminders(db, at(SPRING.europe, '08:00'))).toBe(1);
      expect(await reminders.sendReminders(db, at(SPRING.europe, '08:10'))).toBe(0);
      const [mail] = await reminderMails(rome.email);
      expect(mail.subject).toBe('Tomorrow at Trattoria Da Rosa: 20:00, 2 people');
      expect(mail.dedupeKey).toBe(`reminder:email:table:${rome.id}`);

      // New York moves on the second Sunday of March: 10:00 there is 14:00 UTC that day (15:00 the week before).
      await configure('America/New_York', { hour: 10 });
      const newYork = await booking(addDays(SPRING.us, 1), '19:00', at(addDays(SPRING.us, -13), '12:00'));
      expect(await reminders.sendReminders(db, at(SPRING.us, '13:59'))).toBe(0);
      expect(await reminders.sendReminders(db, at(SPRING.us, '14:00'))).toBe(1);
      expect(await reminderMails(newYork.email)).toHaveLength(1);
      await configure('Europe/Rome', { hour: 10 });
    });

    it('reminds confirmed bookings only, not one made after its reminder time, not after the booking, not when the venue turned them off', async () => {
      const { reminders, configure, booking, db } = await ctx();
      await configure('Europe/Rome', { hour: 18 });
      const sweep = at(`${YEAR}-04-13`, '16:00'); // 18:00 in Rome, the day before
      const pending = await booking(`${YEAR}-04-14`, '20:00', at(`${YEAR}-04-01`, '10:00'), { status: 'pending' });
      const late = await booking(`${YEAR}-04-14`, '20:30', at(`${YEAR}-04-13`, '16:30'));
      const fine = await booking(`${YEAR}-04-14`, '21:00', at(`${YEAR}-04-01`, '10:00'));
      await configure('Europe/Rome', { hour: 18, enabled: false });
      expect(await reminders.sendReminders(db, new Date(sweep.getTime() + 3600_000))).toBe(0);
      await configure('Europe/Rome', { hour: 18 });
      expect(await reminders.sendReminders(db, new Date(sweep.getTime() + 3600_000))).toBe(1);
      const { schema } = await ctx();
      const rows = await db.select().from(schema.reservations).where(like(schema.reservations.hash, 'remind%'));
      expect(rows.filter((r) => r.remindedAt).map((r) => r.id)).toEqual(expect.arrayContaining([fine.id]));
      expect(rows.find((r) => r.id === pending.id)?.remindedAt).toBeNull();
      expect(rows.find((r) => r.id === late.id)?.remindedAt).toBeNull();
      // After the booking's time, nothing is sent for it any more.
      const missed = await booking(`${YEAR}-04-15`, '12:00', at(`${YEAR}-04-01`, '10:00'));
      expect(await reminders.sendReminders(db, at(`${YEAR}-04-15`, '10:30'))).toBe(0);
      expect((await db.select().from(schema.reservations).where(eq(schema.reservations.id, missed.id)))[0].remindedAt).toBeNull();
    });

    it('is sent once when two instances sweep at the same moment, e-mail and SMS each unique per booking', async () => {
      const { reminders, configure, booking, reminderMails, db, schema } = await ctx();
      await configure('Europe/Rome', { hour: 9, sms: true });
      const rows = await Promise.all(Array.from({ length: 8 }, (_, i) => booking(`${YEAR}-05-12`, `${19 + (i % 3)}:00`, at(`${YEAR}-05-01`, '10:00'))));
      const sweep = at(`${YEAR}-05-11`, '08:00');
      const { openDatabase } = await import('@/server/db/client');
      // Two instances: a second pool on the same PostgreSQL; PGlite is one process, so twice on it.
      const other = driver === 'postgres' ? await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: site.dataDir() }) : null;
      try {
        const sent = await Promise.all([reminders.sendReminders(db, sweep), reminders.sendReminders(other?.db ?? db, sweep), reminders.sendReminders(db, sweep)]);
        expect(sent.reduce((a, b) => a + b, 0)).toBe(8);
      } finally {
        await other?.close();
      }
      for (const r of rows) {
        expect(await reminderMails(r.email)).toHaveLength(1);
        expect(await db.select().from(schema.outbox).where(eq(schema.outbox.dedupeKey, `reminder:sms:table:${r.id}`))).toHaveLength(1);
      }
      // The outbox itself refuses a second message with the same key.
      const { enqueueEmail } = await import('@/server/outbox/enqueue');
      expect(await enqueueEmail(db, { venueId: rows[0].venueId, template: 'bookingReminder', locale: 'en', to: rows[0].email, subject: 'x', text: 'x', dedupeKey: `reminder:email:table:${rows[0].id}` })).toBe(0);
      await configure('Europe/Rome', { hour: 10 });
    });

    it("carries signed I'm coming and Cancel links: once, voided by an edit; a cancel frees the seats by the guest's rules", async () => {
      const { reminders, configure, booking, reminderMails, db, schema } = await ctx();
      const venue = await configure('Europe/Rome', { hour: 10 });
      const day = testDay(2);
      const before = new Date(TEST_NOW.getTime() - 24 * 3600_000);
      const coming = await booking(day, '20:00', before, { locale: 'it' });
      const leaving = await booking(day, '20:30', before, { covers: 4 });
      const edited = await booking(day, '21:00', before);
      const now = new Date(reminders.reminderDueAt('Europe/Rome', 10, day).getTime() + 60_000);
      expect(await reminders.sendReminders(db, now)).toBe(3);
      const linkOf = async (r: { email: string }, action: 'coming' | 'cancel') => {
        const [mail] = await reminderMails(r.email);
        const match = new RegExp(`/frontpage/reminder/([2-9A-HJKMNP-Z]{26}|[A-Za-z0-9_-]{22})\\?a=${action}&v=(\\d+)&s=([A-Za-z0-9_-]{32})`).exec(mail.bodyText)!;
        return { url: match[0], link: reminders.readReminderLink(match[1], { v: match[2], s: match[3] }) };
      };
      // In the guest's language, both links.
      const itLink = await linkOf(coming, 'coming');
      expect((await reminderMails(coming.email))[0].bodyText).toContain('Ci sarò');
      expect(await reminders.reminderPage(db, venue, itLink.link, now)).toMatchObject({ state: 'open', freeCancel: true });
      expect(await reminders.answerReminder(db, venue, itLink.link, 'coming', 'localhost', now)).toBe('coming');
      // Spent: the other link of the same e-mail changes nothing.
      expect(await reminders.answerReminder(db, venue, (await linkOf(coming, 'cancel')).link, 'cancel', 'localhost', now)).toBe('coming');
      const [row] = await db.select().from(schema.reservations).where(eq(schema.reservations.id, coming.id));
      expect(row).toMatchObject({ status: 'confirmed', reminderAnswer: 'coming' });
      // The sheet shows who confirmed.
      const { serviceSheet } = await import('@/server/staff/sheet');
      const sheet = await serviceSheet(db, venue, day);
      const shown = sheet.shifts.flatMap((s) => s.bookings);
      expect(shown.find((b) => b.hash === coming.hash)?.reminder).toBe('coming');
      expect(shown.find((b) => b.hash === edited.hash)?.reminder).toBe('sent');

      // Cancel: the guest's cancel path (the seats are free at once, the guest's e-mail).
      const { usageBetween } = await import('@/server/booking/service');
      const coversBefore = (await usageBetween(db, venue.id, day, day, now)).get(day)?.shift.get('cena') ?? 0;
      expect(await reminders.answerReminder(db, venue, (await linkOf(leaving, 'cancel')).link, 'cancel', 'localhost', now)).toBe('cancelled');
      expect((await usageBetween(db, venue.id, day, day, now)).get(day)?.shift.get('cena')).toBe(coversBefore - 4);
      expect((await db.select().from(schema.reservations).where(eq(schema.reservations.id, leaving.id)))[0]).toMatchObject({ status: 'cancelled', reminderAnswer: 'cancelled' });

      // An edit moves the version: the old links say the booking changed.
      await db.update(schema.reservations).set({ revision: edited.revision + 1 }).where(eq(schema.reservations.id, edited.id));
      expect(await reminders.answerReminder(db, venue, (await linkOf(edited, 'cancel')).link, 'cancel', 'localhost', now)).toBe('changed');
      // A forged signature is nobody's link.
      const forged = reminders.readReminderLink(edited.hash, { v: String(edited.revision), s: 'A'.repeat(32) });
      expect(await reminders.reminderPage(db, venue, forged, now)).toEqual({ state: 'invalid' });
      expect((await db.select().from(schema.reservations).where(eq(schema.reservations.id, edited.id)))[0].status).toBe('confirmed');
    });
  });
}
