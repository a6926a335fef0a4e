// The probe must be in place before the site's database opens (tests/helpers/statements.ts).
import { countStatements } from '../helpers/statements';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import type { PreparedConsents } from '@/server/consent/records';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { DEMO_DAYS, testDay } from '../helpers/clock';

/**
 * Issue 42, one lifecycle: the creation of either kind of booking on one path
 * (server/booking/create.ts `createBooking`), the kind's differences given as a plan. First with
 * a plan made up for the test, which records what the path asks of it, so that the steps the path
 * owns (their order, the lock taken once and before the count, a count read without the lock that
 * answers, a refusal writing nothing) are what is checked; then both real kinds, by the statements
 * they send: one lock, before the capacity's read, and a refusal before any lock.
 */
const FRIDAY = testDay(3);
const TABLE_TIMES = ['19:30', '20:00', '20:30', '21:00'];
const form = (values: Record<string, string | number | boolean>) => new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]));
const table = (i: number, date: string) => ({ pax: 2, date, time: TABLE_TIMES[i % 4], zone: 'sala', nome: `Crea${i}`, cognome: 'Rossi', email: `create${i}@example.com`, prefisso: '+39', telefono: '3471234567', privacy: 1, language: 'en', recaptchaV3Token: 'local.v3.pass.testtoken' });
type Answer = { httpStatus: number; body: { status: boolean; error?: string; data?: { outcome?: string } } };
const isLock = (text: string) => /pg_advisory_xact_lock/.test(text);

export function describeBookingCreate(driver: Driver) {
  describe(`one create path on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true, plainBooking: true });
    const dispatch = async (call: string, values: Record<string, string | number | boolean>) => (await import('@/server/backend/dispatch')).dispatch(call, 'localhost', form(values)) as Promise<Answer>;
    const database = async () => (await import('@/server/db/client')).getDb();

    describe('createBooking, with a recording plan', () => {
      const NOW = new Date('2030-01-10T12:00:00Z');
      const kind = { kind: 'table', consentForm: 'reservation', consentSubject: 'reservation', doorsWithoutBrowser: true } as const;
      /** A plan whose steps record themselves; `full` is what the count gives, `early` what the read without the lock gives. */
      let consents: PreparedConsents;
      beforeAll(async () => {
        const { findVenueByKey } = await import('@/server/venues/queries');
        const { prepareConsents } = await import('@/server/consent/records');
        const db = await database();
        consents = await prepareConsents(db, (await findVenueByKey(db, 'localhost'))!, { email: 'plan@example.com', locale: 'en', form: 'reservation', privacy: true, marketing: { email: false, sms: false }, policy: null });
      });
      const planOf = (o: { early?: string | null; counted: string; refuse?: boolean; row?: boolean }) => {
        const steps: string[] = [];
        const plan = {
          early: o.early === undefined ? undefined : async () => (steps.push('early'), o.early ?? null),
          lock: { name: 'evening', take: async () => void steps.push('lock') },
          count: async () => (steps.push('count'), o.counted),
          decide: async (_tx: Db, count: string) => (steps.push(`decide ${count}`), o.refuse ? { refused: { outcome: 'soldOut' as const } } : { status: 'confirmed' as const }),
          pay: async () => void steps.push('pay'),
          insert: async () => (steps.push('insert'), o.row === false ? undefined : { id: 1, email: 'plan@example.com' }),
          last: async () => {
            steps.push('last');
            return { answer: { outcome: 'confirm' as const, hash: 'H' }, consents, mails: { mails: [], frame: { venue: { id: consents.venueId, name: 'x', email: '', theme: { brandColor: '#000000', logo: '', cover: '' }, address: '', phone: '' }, linkHost: 'localhost' } }, after: async () => void steps.push('after') };
          },
          settle: async () => void steps.push('settle'),
          logged: {},
        };
        return { plan, steps };
      };
      const run = async (p: ReturnType<typeof planOf>['plan'] & { before?: () => Promise<void> }) => {
        const { createBooking } = await import('@/server/booking/create');
        return createBooking(kind, { db: await database(), keeping: {}, source: 'web', now: NOW }, p);
      };

      it('takes the lock once, before the count, then the status, the payment, the row and the last writes', async () => {
        const { plan, steps } = planOf({ early: null, counted: 'fits' });
        expect(await run(plan)).toEqual({ made: { outcome: 'confirm', hash: 'H' } });
        expect(steps).toEqual(['early', 'lock', 'count', 'decide fits', 'pay', 'insert', 'last', 'after']);
      });

      it('answers from a count read without the lock when it answers: no lock, no count under it', async () => {
        const { plan, steps } = planOf({ early: 'full', counted: 'never', refuse: true });
        expect(await run(plan)).toEqual({ refused: { outcome: 'soldOut' } });
        expect(steps).toEqual(['early', 'decide full', 'settle']);
      });

      it('works out what it can before the lock once the read without it has not answered, and nothing when it has (issue 43)', async () => {
        const ahead = planOf({ early: null, counted: 'fits' });
        expect(await run({ ...ahead.plan, before: async () => void ahead.steps.push('before') })).toEqual({ made: { outcome: 'confirm', hash: 'H' } });
        expect(ahead.steps).toEqual(['early', 'before', 'lock', 'count', 'decide fits', 'pay', 'insert', 'last', 'after']);
        const answered = planOf({ early: 'full', counted: 'never', refuse: true });
        expect(await run({ ...answered.plan, before: async () => void answered.steps.push('before') })).toEqual({ refused: { outcome: 'soldOut' } });
        expect(answered.steps).toEqual(['early', 'decide full', 'settle']);
      });

      it('writes nothing for a refusal under the lock, and refuses a row a racing submit took', async () => {
        const refused = planOf({ counted: 'full', refuse: true });
        expect(await run(refused.plan)).toEqual({ refused: { outcome: 'soldOut' } });
        expect(refused.steps).toEqual(['lock', 'count', 'decide full', 'settle']);
        const raced = planOf({ counted: 'fits', row: false });
        await expect(run(raced.plan)).rejects.toMatchObject({ code: 'paymentNotFound' });
        expect(raced.steps).toEqual(['lock', 'count', 'decide fits', 'pay', 'insert']);
      });
    });

    describe('both kinds on the path, by their statements', () => {
      /** The statements inside the booking's transaction, from its lock on. */
      const capacityRead = (texts: string[], table: string) => texts.findIndex((t) => /^\W*select/i.test(t) && t.includes(`from "${table}"`) && !isLock(t));
      const wine = async () => {
        const { experiences } = await import('@/server/db/schema');
        const [row] = await (await database()).select().from(experiences).where(eq(experiences.key, 'vini-toscani'));
        return row;
      };
      const experience = (id: number, email: string, pax = 2) => ({ payload: JSON.stringify({ nome: 'Vera', cognome: 'Neri', email, prefisso: '+39', telefono: '3471112299', privacy: true, marketing: false, language: 'en', experienceId: id, day: DEMO_DAYS.wineEvening, time: '18:00', pax, zone: '', campiAggiuntivi: {} }), recaptchaV3Token: 'local.v3.pass.testtoken' });

      beforeAll(async () => void (await dispatch('reservation/create', table(100, testDay(10)))));

      it('takes the capacity lock once, before counting the capacity under it, for a table and for an experience', async () => {
        const booked = await countStatements(() => dispatch('reservation/create', table(1, FRIDAY)));
        expect(booked.result.body.data).toMatchObject({ outcome: 'confirm' });
        const e = await wine();
        const joined = await countStatements(() => dispatch('experience/createexperiencereserve', experience(e.id, 'create-wine@example.com')));
        expect(joined.result.body.data).toMatchObject({ outcome: 'confirm' });
        for (const [count, table] of [[booked, 'reservations'], [joined, 'experience_bookings']] as const) {
          const locks = count.texts.map((t, i) => (isLock(t) ? i : -1)).filter((i) => i >= 0);
          expect(locks).toHaveLength(1);
          const read = capacityRead(count.texts.slice(locks[0]), table);
          expect(read).toBeGreaterThan(0);
        }
      });

      it('renders a table booking\'s e-mails before its lock, queued in its transaction; under the lock only when it stands otherwise (issue 43)', async () => {
        const { mailsRenderedUnderLock } = await import('@/server/booking/service');
        const { reservations, outbox, experiences } = await import('@/server/db/schema');
        const db = await database();
        const before = mailsRenderedUnderLock();
        const booked = await countStatements(() => dispatch('reservation/create', table(5, FRIDAY)));
        expect(booked.result.body.data).toMatchObject({ outcome: 'confirm' });
        expect(mailsRenderedUnderLock()).toBe(before);
        // Its guest's and its venue's e-mails, inserted in the booking's transaction (one transaction, no write after it).
        expect(booked.transactions).toBe(1);
        const lock = booked.texts.findIndex(isLock);
        expect(booked.texts.slice(lock).filter((t) => t.includes('insert into "outbox"'))).toHaveLength(1);
        expect(booked.texts.slice(0, lock).filter((t) => /^\W*(insert|update|delete|with)\b/i.test(t))).toEqual([]);
        const [row] = await db.select().from(reservations).where(eq(reservations.email, 'create5@example.com'));
        const mails = await db.select().from(outbox).where(eq(outbox.recipient, 'create5@example.com'));
        expect(mails.map((m) => m.template)).toEqual(['reservationConfirm']);
        expect(mails[0].bodyText).toContain(`/en/reserve/${row.hash}/edit`);
        // The fields the e-mails read are those the early rendering is checked on (MAIL_FIELDS): rendering the
        // stored row (a large party's, whose venue e-mail carries the answer links), every field it reads is listed.
        const { MAIL_FIELDS, reservationEmails } = await import('@/server/booking/emails');
        const { findVenueByKey } = await import('@/server/venues/queries');
        const venue = (await findVenueByKey(db, 'localhost'))!;
        const read = new Set<string>();
        const watched = new Proxy({ ...row, status: 'pending' as const, visitReason: 'other', notes: 'by the window', cancellationFeeCents: 1500 }, { get: (target, key) => (typeof key === 'string' && read.add(key), Reflect.get(target, key)) });
        for (const news of ['confirm', 'accept', 'waitinglist', 'cancelled'] as const) await reservationEmails(db, venue, watched, news, { host: 'localhost', zoneName: { it: 'Sala' }, now: (await import('@/server/clock')).now(), linkHost: 'localhost' });
        expect([...read].filter((key) => !(MAIL_FIELDS as readonly string[]).includes(key))).toEqual([]);
        // With an experience added (its title read under the lock), the e-mails are rendered there: queued all the same.
        const [dinner] = await db.select().from(experiences).where(eq(experiences.key, 'cena-degustazione'));
        const withDinner = await dispatch('reservation/create', { ...table(6, FRIDAY), time: '20:00', experience: dinner.hash });
        expect(withDinner.body.data).toMatchObject({ outcome: 'confirm' });
        expect(mailsRenderedUnderLock()).toBe(before + 1);
        expect((await db.select().from(outbox).where(eq(outbox.recipient, 'create6@example.com'))).map((m) => m.template)).toEqual(['reservationConfirm']);
      });

      it('refuses before any lock: a choice out of bounds for both kinds, a full evening for a table', async () => {
        const e = await wine();
        const tooMany = await countStatements(() => dispatch('experience/createexperiencereserve', experience(e.id, 'create-many@example.com', 500)));
        expect(tooMany.result.body.status).toBe(false);
        expect([tooMany.transactions, tooMany.texts.filter(isLock)]).toEqual([0, []]);
        const past = await countStatements(() => dispatch('reservation/create', table(2, testDay(-3))));
        expect(past.result.body.status).toBe(false);
        expect([past.transactions, past.texts.filter(isLock)]).toEqual([0, []]);
        // The evening already full (its shifts closed to new covers): answered from a read without the lock.
        const { shifts } = await import('@/server/db/schema');
        const db = await database();
        await db.update(shifts).set({ capacity: 0 });
        (await import('@/server/venues/context')).forgetVenueContexts();
        const full = await countStatements(() => dispatch('reservation/create', table(3, FRIDAY)));
        expect(full.result.body.data?.outcome).toMatch(/^(soldOut|waitinglist)$/);
        expect(full.texts.filter(isLock)).toEqual([]);
      });
    });
  });
}
