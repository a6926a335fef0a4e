import fs from 'node:fs';
import path from 'node:path';
import { PageCacheHandler, closePageCaches, LIFE_END_TAG } from '@/server/cache/page-cache-handler.cjs';
import { placesFlipped } from '@/server/venues/places';
import { cacheControlFor, SHARED_CACHE_MAX_SECONDS } from '@/server/http/host-gate';
import { PAGE_LIFE_END_TAG, PAGE_LIFE_MAX_SECONDS } from '@/server/venues/data';

/**
 * How long a page lives (issue 43, docs/operations.md "How long a page lives"): a page tagged with
 * its life's end is never served past it; a booking's places flip only across what a page shows;
 * a CDN in front is still told 150 s at most.
 */
afterEach(async () => {
  await closePageCaches();
});

const page = (tags: string) => ({ kind: 'APP_PAGE', html: '<p>Oggi</p>', rscData: Buffer.from('rsc'), headers: { 'x-next-cache-tags': tags }, status: 200 });
const read = (h: InstanceType<typeof PageCacheHandler>, key: string) => h.get(key, { kind: 'APP_PAGE', isFallback: false });

it("serves a page tagged with its life's end until then, never after (it is generated afresh); another page stale as Next does", async () => {
  expect(LIFE_END_TAG).toBe(PAGE_LIFE_END_TAG);
  const cache = new PageCacheHandler({ databaseUrl: undefined, store: 'life' });
  const ctx = { cacheControl: { revalidate: 0.05, expire: 31536000 } };
  await cache.set('/v/a.test/it', page(`venue:a.test,${LIFE_END_TAG}`), ctx);
  await cache.set('/v/b.test/it', page('venue:b.test'), ctx);
  expect(await read(cache, '/v/a.test/it')).not.toBeNull();
  await new Promise((r) => setTimeout(r, 80));
  expect(await read(cache, '/v/a.test/it')).toBeNull();
  expect(await read(cache, '/v/b.test/it')).not.toBeNull();
});

it('flips places only across what a page shows: a place left at all, or one for the smallest party', () => {
  const wine = { maxBookings: 20, minGuests: 2 };
  expect(placesFlipped(wine, 10, 12)).toBe(false);
  expect(placesFlipped(wine, 16, 18)).toBe(false); // 4 left, then 2: a party of 2 still fits
  expect(placesFlipped(wine, 18, 20)).toBe(true); // sold out
  expect(placesFlipped(wine, 17, 19)).toBe(true); // 1 left: no party of 2 fits
  expect(placesFlipped(wine, 19, 20)).toBe(true); // the last one
  expect(placesFlipped(wine, 20, 18)).toBe(true); // given back
  expect(placesFlipped({ maxBookings: 0, minGuests: 1 }, 0, 500)).toBe(false); // unlimited
  expect(placesFlipped({ maxBookings: 10, minGuests: 1 }, 8, 9)).toBe(false);
  expect(placesFlipped({ maxBookings: 10, minGuests: 1 }, 9, 10)).toBe(true);
});

it('tells a shared cache in front no more than 150 s, whatever the page lives here', () => {
  expect(SHARED_CACHE_MAX_SECONDS).toBe(150);
  expect(cacheControlFor(200, 's-maxage=86400, stale-while-revalidate=31449600')).toBe('s-maxage=150, stale-while-revalidate=31449600');
  expect(cacheControlFor(200, 's-maxage=40')).toBe('s-maxage=40');
  expect(cacheControlFor(200, 'private, no-cache, no-store, max-age=0, must-revalidate')).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
  expect(cacheControlFor(404, 's-maxage=86400')).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
});

it("the venue layout's revalidate is the pages' longest life", () => {
  const layout = fs.readFileSync(path.join(__dirname, '..', '..', 'app', 'v', '[venue]', '[locale]', 'layout.tsx'), 'utf8');
  expect(layout).toMatch(new RegExp(`export const revalidate = ${PAGE_LIFE_MAX_SECONDS};`));
});
