import { eq } from 'drizzle-orm';
import { useSiteDatabase } from '../helpers/databases';
import { testDay } from '../helpers/clock';

/**
 * Issue 41, point 2: every venue-side call takes the venue's own credential over HTTP, by rule.
 * Every call of the dispatcher's table is tried over HTTP (the route itself) with the backend
 * token, the venue's credential and another venue's credential; docs/backend-contract.md,
 * "Venue credentials", documents what each answers.
 */

const BACKEND_TOKEN = 'backend-token-for-audience-tests';

/**
 * The venue's side of the contract, named here once more on purpose: a new call fails this
 * test until its audience is decided (and a `staff/*` one is the venue's whatever is said).
 */
const VENUE_SIDE_OUTSIDE_STAFF = ['giftcard/lookup', 'giftcard/redeem', 'promo/lookup', 'promo/redeem'];
const AUTH_REFUSALS = ['unauthorized', 'venueCredentialRequired', 'wrongVenue'];

describe('who may make each contract call over HTTP', () => {
  beforeAll(() => {
    process.env.BACKEND_TOKEN = BACKEND_TOKEN;
    delete process.env.STRIPE_SECRET_KEY;
  });
  useSiteDatabase('pglite', { calendar: true, plainBooking: true });
  let mine = '';
  let other = '';
  beforeAll(async () => {
    const { getDb } = await import('@/server/db/client');
    const { DEMO_VENUE_FILE } = await import('@/server/venues/seed');
    const { importVenue, readVenueFile } = await import('@/server/venues/import');
    const { rotateVenueCredential } = await import('@/server/staff/credentials');
    const db = await getDb();
    await importVenue(db, { ...readVenueFile(DEMO_VENUE_FILE), slug: 'other', name: 'Osteria Altra', hosts: ['other.localhost'], default: false });
    mine = (await rotateVenueCredential(db, 'localhost')).token;
    other = (await rotateVenueCredential(db, 'other.localhost')).token;
  });
  afterAll(() => {
    delete process.env.BACKEND_TOKEN;
  });

  /** A call through the contract's route, as any client over HTTP makes it. */
  const overHttp = async (call: string, token: string, body: Record<string, string> = {}, host = 'localhost') => {
    const { POST } = await import('@/app/backend/api/frontpage/[...call]/route');
    const request = new Request(`http://127.0.0.1/backend/api/frontpage/${call}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-host': host, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
    const answer = await POST(request, { params: Promise.resolve({ call: call.split('/') }) });
    return { status: answer.status, body: (await answer.json()) as { error?: string; data?: Record<string, unknown> } };
  };

  it('decides every call: staff/* and the till calls are the venue\'s, the rest the guest\'s', async () => {
    const { audienceOf, contractCalls } = await import('@/server/backend/dispatch');
    const calls = contractCalls();
    expect(calls.length).toBeGreaterThan(50);
    for (const call of calls) {
      const expected = call.startsWith('staff/') || VENUE_SIDE_OUTSIDE_STAFF.includes(call) ? 'venue' : 'guest';
      expect([call, audienceOf(call)]).toEqual([call, expected]);
    }
    for (const call of ['staff/refundfee', 'staff/offer', 'staff/autooffers', 'staff/metrics', 'staff/day', 'staff/anything-added-later']) expect(audienceOf(call)).toBe('venue');
  });

  it('over HTTP, each call takes the credential of its audience and no other', async () => {
    const { audienceOf, contractCalls } = await import('@/server/backend/dispatch');
    const seen: string[] = [];
    for (const call of contractCalls()) {
      const backend = await overHttp(call, BACKEND_TOKEN);
      const own = await overHttp(call, mine);
      const another = await overHttp(call, other);
      const made = 'made-up-token';
      expect([call, (await overHttp(call, made)).status]).toEqual([call, 401]);
      if (audienceOf(call) === 'venue') {
        expect([call, backend.status, backend.body.error]).toEqual([call, 403, 'venueCredentialRequired']);
        expect([call, another.status, another.body.error]).toEqual([call, 403, 'wrongVenue']);
        expect([call, AUTH_REFUSALS.includes(own.body.error ?? '')]).toEqual([call, false]);
        expect([call, own.status < 500]).toEqual([call, true]);
      } else {
        expect([call, own.status, own.body.error]).toEqual([call, 401, 'unauthorized']);
        expect([call, another.status, another.body.error]).toEqual([call, 401, 'unauthorized']);
        expect([call, AUTH_REFUSALS.includes(backend.body.error ?? '')]).toEqual([call, false]);
        expect([call, backend.status < 500]).toEqual([call, true]);
      }
      seen.push(call);
    }
    expect(seen).toEqual(contractCalls());
    // Another venue's credential opens its own venue's calls.
    expect((await overHttp('staff/metrics', other, {}, 'other.localhost')).status).toBe(200);
  });

  it('staff/refundfee, staff/offer, staff/autooffers and staff/metrics no longer answer the backend token', async () => {
    for (const [call, body] of [
      ['staff/refundfee', { hash: 'A'.repeat(22), version: '0' }],
      ['staff/offer', { hash: 'A'.repeat(22), version: '0' }],
      ['staff/autooffers', { enabled: '1' }],
      ['staff/metrics', {}],
    ] as const) {
      expect(await overHttp(call, BACKEND_TOKEN, body)).toMatchObject({ status: 403, body: { error: 'venueCredentialRequired' } });
    }
    expect(await overHttp('staff/metrics', mine)).toMatchObject({ status: 200, body: { data: { offers: { made: 0 } } } });
  });

  it('staff/autooffers sweeps the calling venue\'s waiting list only', async () => {
    const { getDb } = await import('@/server/db/client');
    const schema = await import('@/server/db/schema');
    const { findVenueByKey } = await import('@/server/venues/queries');
    const { createReservation } = await import('@/server/booking/service');
    const { reservationSchema } = await import('@/lib/forms/reservation');
    const db = await getDb();
    const demo = (await findVenueByKey(db, 'localhost'))!;
    const altra = (await findVenueByKey(db, 'other.localhost'))!;
    // One booking on each venue's evening, put on its waiting list by hand: the seats are free, so
    // a sweep of that venue offers them at once (automatic offers are on in the venue file).
    const day = testDay(3);
    const input = reservationSchema.parse({ pax: 2, date: day, time: '20:00', zone: 'sala', nome: 'Anna', cognome: 'Attesa', email: 'anna.attesa@example.com', prefisso: '+39', telefono: '3471234567', privacy: true });
    const made = await createReservation(db, demo, input, { locale: 'en', partner: false, host: 'localhost', botVerdict: 'pass' });
    const [row] = await db.select().from(schema.reservations).where(eq(schema.reservations.hash, made.hash!));
    const { id: _id, ...copy } = row;
    void _id;
    const [theirs] = await db
      .insert(schema.reservations)
      .values({ ...copy, venueId: altra.id, hash: 'B'.repeat(22), status: 'waitinglist' })
      .returning();
    await db.update(schema.reservations).set({ status: 'waitinglist' }).where(eq(schema.reservations.id, row.id));

    expect(await overHttp('staff/autooffers', mine, { enabled: '1' })).toMatchObject({ status: 200, body: { data: { autoOffers: true } } });
    const offers = await db.select().from(schema.waitlistOffers);
    expect(offers.map((o) => o.reservationId)).toEqual([row.id]);
    expect(offers.map((o) => o.reservationId)).not.toContain(theirs.id);
  });
});
