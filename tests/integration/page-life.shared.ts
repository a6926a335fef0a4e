import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { DEMO_DAYS, TEST_NOW, testDay, testMoment } from '../helpers/clock';
import type { ExperienceBookingInput } from '@/lib/forms/experience';
import { localToken } from '@/lib/botcheck/local';
import { PageCacheHandler, closePageCaches } from '@/server/cache/page-cache-handler.cjs';
import { forgetVenueContexts } from '@/server/venues/context';

const WINE = DEMO_DAYS.wineEvening;

/**
 * How long a venue's pages live (issue 43, docs/operations.md "How long a page lives"): until what
 * they show changes by itself (the venue's next midnight, a promotion's start or end), and the
 * pages showing an experience's places dropped when a booking takes the last ones, not on every booking.
 */
export function describePageLife(driver: Driver) {
  describe(`page life on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true });
    afterEach(async () => {
      await closePageCaches();
    });

    const setup = async () => {
      const { getDb } = await import('@/server/db/client');
      const schema = await import('@/server/db/schema');
      const { venueContext } = await import('@/server/venues/context');
      const db = await getDb();
      const venue = (await venueContext(db, 'localhost'))!;
      return { db, schema, venue };
    };

    it("lives until the venue's next midnight, or a promotion's start or end before it", async () => {
      const { db, schema, venue } = await setup();
      const { pagesUnchangedUntil } = await import('@/server/venues/location');
      const { instantOf } = await import('@/server/booking/time');
      const { pageLife, PAGE_LIFE_MAX_SECONDS } = await import('@/server/venues/data');
      const midnight = instantOf('Europe/Rome', testDay(1), '00:00');
      // The demo's promotion runs for years: the next midnight in the venue's time zone.
      expect((await pagesUnchangedUntil(db, venue, TEST_NOW)).toISOString()).toBe(midnight.toISOString());
      const life = await pageLife('localhost');
      expect(life.until).toBe(midnight.toISOString());
      expect(life.seconds).toBe(Math.ceil((midnight.getTime() - TEST_NOW.getTime()) / 1000));
      expect(life.seconds).toBeLessThanOrEqual(PAGE_LIFE_MAX_SECONDS);

      const promotion = (urlName: string, startsAt: Date, endsAt: Date, active = true) => ({
        venueId: venue.id,
        urlName,
        title: { it: urlName },
        description: { it: urlName },
        startsAt,
        endsAt,
        validUntil: testDay(30),
        quantity: 10,
        active,
      });
      try {
        // One ending this afternoon: the home page's card and the header's link must go then.
        await db.insert(schema.promotions).values(promotion('ends-today', testMoment(-60), testMoment(240)));
        expect((await pagesUnchangedUntil(db, venue, TEST_NOW)).toISOString()).toBe(testMoment(240).toISOString());
        // The page shows the venue's promotion ending first (its own: the venue's id, not the promotion's, picks it).
        const { venueLocation } = await import('@/server/venues/location');
        expect((await venueLocation(db, venue, null)).services.promotion?.urlName).toBe('ends-today');
        // One starting sooner: its card must come then. An inactive one (replaced by an import) counts for nothing.
        await db.insert(schema.promotions).values([promotion('starts-soon', testMoment(90), testMoment(60 * 24 * 7)), promotion('inactive', testMoment(30), testMoment(45), false)]);
        expect((await pagesUnchangedUntil(db, venue, TEST_NOW)).toISOString()).toBe(testMoment(90).toISOString());
        // Past its end and the other's start: the next midnight again.
        expect((await pagesUnchangedUntil(db, venue, testMoment(300))).toISOString()).toBe(midnight.toISOString());
      } finally {
        await db.delete(schema.promotions).where(inArray(schema.promotions.urlName, ['ends-today', 'starts-soon', 'inactive']));
      }
    });

    it("drops the pages showing an experience's places when a booking takes the last ones, and only then", async () => {
      const { db, schema } = await setup();
      const { createBackendClient } = await import('@/lib/backend/client');
      const { builtinTransport } = await import('@/server/backend/builtin');
      const client = createBackendClient(builtinTransport('localhost'), 'builtin');
      const [wine] = await db.select().from(schema.experiences).where(eq(schema.experiences.key, 'vini-toscani'));
      const e = schema.experienceBookings;
      const taken = async () =>
        Number((await db.select({ n: sql<number>`coalesce(sum(${e.covers}), 0)::int` }).from(e).where(and(eq(e.experienceId, wine.id), eq(e.date, WINE), inArray(e.status, ['confirmed', 'pending']))))[0].n);
      // Six places left on its date (sold out means refused here: the waiting list takes no places).
      const max = (await taken()) + 6;
      await db.update(schema.experiences).set({ soldOutActive: false, maxBookings: max }).where(eq(schema.experiences.id, wine.id));
      forgetVenueContexts();
      let guest = 0;
      const book = async (pax: number) => {
        guest++;
        const payload: Partial<ExperienceBookingInput> = { language: 'en', nome: `Ospite${guest}`, cognome: 'Rossi', email: `life${guest}@example.com`, prefisso: '+39', telefono: '3471234567', privacy: true, marketing: false, experienceId: wine.id, day: WINE, time: '18:00', pax };
        const answer = await client.experience('createexperiencereserve', { payload: JSON.stringify(payload), recaptchaV2Token: '', recaptchaV3Token: localToken('v3', 'pass'), tokenVersion: 'v3' });
        expect(answer).toMatchObject({ status: true, data: { outcome: 'confirm' } });
      };

      // This process's page cache (the server's), holding the experience's page in two languages, on the venue's host and on localhost, and the home page.
      const cache = new PageCacheHandler({ databaseUrl: undefined, store: 'page-life' });
      const page = (tags: string) => ({ kind: 'APP_PAGE', html: '<p>Vini toscani</p>', rscData: Buffer.from('rsc'), headers: { 'x-next-cache-tags': tags }, status: 200 });
      const pageCtx = { cacheControl: { revalidate: 150, expire: 31536000 } };
      const keys = {
        detail: `/v/demo.localhost/en/frontpage/esperienze/${wine.hash}`,
        detailIt: `/v/demo.localhost/it/frontpage/esperienze/${wine.hash}`,
        local: `/v/localhost/en/frontpage/esperienze/${wine.hash}`,
        home: '/v/demo.localhost/en',
      };
      const write = async () => {
        await cache.set(keys.detail, page('venue:demo.localhost,places:demo.localhost'), pageCtx);
        await cache.set(keys.detailIt, page('venue:demo.localhost,places:demo.localhost'), pageCtx);
        await cache.set(keys.local, page('venue:localhost,places:localhost'), pageCtx);
        await cache.set(keys.home, page('venue:demo.localhost'), pageCtx);
      };
      const cached = async () => {
        const out: string[] = [];
        for (const [name, key] of Object.entries(keys)) if (await cache.get(key, { kind: 'APP_PAGE', isFallback: false })) out.push(name);
        return out;
      };
      await write();

      // Places left on the date for the smallest party (2) before and after: a booking changes nothing a page shows.
      const left = () => taken().then((n) => max - n);
      try {
        await book(2);
        expect(await left()).toBe(4);
        await book(2);
        expect(await left()).toBe(2);
        expect(await cached()).toEqual(['detail', 'detailIt', 'local', 'home']);
        // Then the last places: the experience's pages, on every host of the venue, are dropped; the home page stays.
        await book(2);
        expect(await left()).toBe(0);
        expect(await cached()).toEqual(['home']);
      } finally {
        await db.update(schema.experiences).set({ soldOutActive: wine.soldOutActive, maxBookings: wine.maxBookings }).where(eq(schema.experiences.id, wine.id));
        forgetVenueContexts();
      }
    });
  });
}
