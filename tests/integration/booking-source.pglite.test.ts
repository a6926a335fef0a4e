import { eq } from 'drizzle-orm';
import { useSiteDatabase } from '../helpers/databases';
import { DEMO_DAYS, testDay } from '../helpers/clock';
import { post } from '../helpers/handler-answers';
import { localToken } from '@/lib/botcheck/local';
import { staffDayAnswer } from '@/lib/api/answers/staff';

const FRIDAY = testDay(3);
const form = (values: Record<string, unknown>) => new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]));

/**
 * Issue 46: every booking is tagged with where it came from (web, embed, staff, mcp,
 * channel:{name}), stored on table and experience bookings, shown on the staff sheet; a browser
 * can only say `web` or `embed` of itself.
 */
describe('the source of a booking', () => {
  useSiteDatabase('pglite', { calendar: true, plainBooking: true });
  let serial = 0;
  const table = (extra: Record<string, unknown> = {}) => {
    const n = ++serial;
    return { pax: 2, date: FRIDAY, time: '20:00', zone: 'sala', nome: `Fonte${n}`, cognome: 'Rossi', email: `source${n}@example.com`, prefisso: '+39', telefono: '3471234567', privacy: 1, language: 'en', recaptchaV3Token: localToken('v3', 'pass'), tokenVersion: 'v3', ...extra };
  };
  const setup = async () => {
    const { getDb } = await import('@/server/db/client');
    const { dispatch } = await import('@/server/backend/dispatch');
    const schema = await import('@/server/db/schema');
    const db = await getDb();
    const sourceOf = async (email: string) => (await db.select({ source: schema.reservations.source }).from(schema.reservations).where(eq(schema.reservations.email, email)))[0]?.source;
    return { db, schema, dispatch, sourceOf, call: (name: string, values: Record<string, unknown>) => dispatch(name, 'localhost', form(values)) };
  };

  it('is stored from the call, a malformed one being the site\'s, and shown on the staff sheet', async () => {
    const { call, sourceOf } = await setup();
    const cases: [unknown, string][] = [[undefined, 'web'], ['mcp', 'mcp'], ['channel:mozrest', 'channel:mozrest'], ['embed', 'embed'], ['staff', 'staff'], ['admin', 'web'], ['channel:', 'web'], ['channel:BAD NAME', 'web']];
    const emails: string[] = [];
    for (const [source, stored] of cases) {
      const input = table(source === undefined ? {} : { source });
      expect(await call('reservation/create', input)).toMatchObject({ httpStatus: 200, body: { data: { outcome: 'confirm' } } });
      expect([source, await sourceOf(input.email)]).toEqual([source, stored]);
      emails.push(input.email);
    }
    const sheet = await call('staff/day', { date: FRIDAY });
    if (!staffDayAnswer(sheet.body.data)) throw new Error('the sheet fails its check');
    const shown = new Map(sheet.body.data.shifts.flatMap((s) => s.bookings).map((b) => [b.email, b.source]));
    expect(emails.map((e) => shown.get(e))).toEqual(cases.map(([, stored]) => stored));
  });

  it("a browser's booking is web or embed, never another door's tag; an experience booking too", async () => {
    const { db, schema, sourceOf } = await setup();
    const booking = await import('@/server/booking/http');
    const experiences = await import('@/server/experiences/http');
    const asMcp = { ...table({ time: '19:30' }), privacy: true, source: 'mcp' };
    const inFrame = { ...table({ time: '19:30' }), privacy: true, source: 'embed' };
    expect((await booking.handleCreate(post('/api/reservation', asMcp))).status).toBe(200);
    expect((await booking.handleCreate(post('/api/reservation', inFrame))).status).toBe(200);
    expect([await sourceOf(asMcp.email), await sourceOf(inFrame.email)]).toEqual(['web', 'embed']);

    const [vini] = await db.select().from(schema.experiences).where(eq(schema.experiences.key, 'vini-toscani'));
    const payload = (email: string) => ({ experienceId: vini.id, day: DEMO_DAYS.wineEvening, time: '18:00', pax: 2, zone: '', nome: 'Vera', cognome: 'Fonte', email, prefisso: '+39', telefono: '3471234567', privacy: true, language: 'en' });
    for (const [email, source, stored] of [['exp-embed@example.com', 'embed', 'embed'], ['exp-channel@example.com', 'channel:mozrest', 'web']]) {
      const answer = await experiences.handleCreate(post('/api/experience', { payload: payload(email), source, recaptchaV3Token: localToken('v3', 'pass') }));
      expect(answer.status).toBe(200);
      const [row] = await db.select({ source: schema.experienceBookings.source }).from(schema.experienceBookings).where(eq(schema.experienceBookings.email, email));
      expect([email, row?.source]).toEqual([email, stored]);
    }
  });
});
