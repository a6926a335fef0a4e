import 'server-only';
import { cache } from 'react';
import { unstable_cache } from 'next/cache';
import { backendFor } from '@/server/backend';
import type { Loaded } from '@/lib/backend/client';
import type { Location, PrefixItem } from '@/lib/contract/location';
import type { ExperienceList } from '@/lib/contract/experience';
import { localizedPrefixes } from '@/lib/venue/prefixes';
import type { Giftcard } from '@/lib/contract/giftcard';
import { countCacheLookup } from '@/server/observability/observe';
import { config } from '@/server/runtime/config';
import { getDb } from '@/server/db/client';
import { now } from '@/server/clock';
import { venueTag } from './tags';
import { venueContext, type VenueContext } from './context';
import { pagesUnchangedUntil } from './location';

/**
 * Venue data changes rarely: it is cached per venue key and refreshed by tag (see revalidate.ts;
 * a backend calls a front's /api/revalidate after a change). With a legacy backend, which may
 * change a venue without that call, a page is at most this old when it is rendered again, and
 * pages are rendered again after as long: a change shows within 5 minutes. So do the pages that
 * show an experience's limited places (server/experiences/data.ts) with either backend.
 */
export const REVALIDATE_SECONDS = 150;
/**
 * With the built-in backend, every change of a venue drops its pages on every instance (its tag),
 * so pages live until what they show changes by itself (pageLife): at most a day (the layout's
 * `revalidate`, which must be this literal).
 */
export const PAGE_LIFE_MAX_SECONDS = 86_400;
/** The tag of a page not to be served past its life (server/cache/page-cache-handler.cjs LIFE_END_TAG). */
export const PAGE_LIFE_END_TAG = 'page-life:end';
/** How long a page rendered from a failed read may be served from cache (see retrySoon). */
export const RETRY_SECONDS = 1;
export { venueTag };

class NotCached<T> extends Error {
  constructor(readonly loaded: Loaded<T>) {
    super(loaded.status);
  }
}

/**
 * A page is cached as long as the shortest cached read it used. A read that failed marks
 * the page it is rendered into as good for RETRY_SECONDS instead of 5 minutes, so a page
 * rendered while the backend was down is rendered again once it is back (the first
 * request after that second still gets the stale page while the new one renders).
 * Next.js offers no way to keep an ISR render out of the cache without a 500; this is it.
 */
export async function retrySoon(venueKey: string) {
  await unstable_cache(async () => true, ['backend-retry', venueKey], { revalidate: RETRY_SECONDS })();
}

type PageLife = { seconds: number; until: string | null };
/** The end of a venue's pages' life, per venue context (a venue change, or a minute, makes a new context). */
const lifeEnds = new WeakMap<VenueContext, Promise<Date>>();

/**
 * How long the venue's pages and data may live from now (issue 43, docs/operations.md "How long
 * a page lives"): with the built-in backend until the next instant what they show changes by
 * itself (`pagesUnchangedUntil`: the next local midnight or a promotion's start or end), at most
 * PAGE_LIFE_MAX_SECONDS; with a legacy backend (or an unknown venue) REVALIDATE_SECONDS.
 * `until` names the period (null with a legacy backend): the data read in it is cached under it.
 */
export const pageLife = cache(async (venueKey: string): Promise<PageLife> => {
  const short: PageLife = { seconds: REVALIDATE_SECONDS, until: null };
  if (config.legacyBackend) return short;
  try {
    const db = await getDb();
    const venue = await venueContext(db, venueKey);
    if (!venue) return short;
    const at = now();
    let until = lifeEnds.get(venue);
    if (!until || (await until) <= at) {
      until = pagesUnchangedUntil(db, venue, at);
      lifeEnds.set(venue, until);
    }
    const end = await until;
    return { seconds: Math.min(PAGE_LIFE_MAX_SECONDS, Math.max(1, Math.ceil((end.getTime() - at.getTime()) / 1000))), until: end.toISOString() };
  } catch {
    return short;
  }
});

/**
 * Gives the page being generated its life (pageLife): Next keeps a page as long as the shortest
 * cached read it used. With the built-in backend the page is tagged not to be served past it
 * (PAGE_LIFE_END_TAG): the first view after midnight or after a promotion ended is generated
 * afresh, not the day before's served once more.
 */
export async function keepPageForItsLife(venueKey: string) {
  const life = await pageLife(venueKey);
  await unstable_cache(async () => true, ['page-life', venueKey, life.until ?? ''], { revalidate: life.seconds, tags: life.until ? [PAGE_LIFE_END_TAG] : [] })();
}

/**
 * Caches a venue read across requests. Only a successful answer is cached: a failed
 * read (and a venue the backend does not know) is tried again on the next request.
 */
function cachedRead<T>(name: string, read: (venueKey: string) => Promise<Loaded<T>>) {
  return cache(async (venueKey: string): Promise<Loaded<T>> => {
    let missed = false;
    // Built-in backend: the data of the page's life period, kept for it (a new period is a new key); legacy: 150 s.
    const life = await pageLife(venueKey);
    const cached = unstable_cache(
      async () => {
        missed = true;
        const loaded = await read(venueKey);
        if (loaded.status !== 'ok') throw new NotCached(loaded);
        return loaded.data;
      },
      life.until ? [name, venueKey, life.until] : [name, venueKey],
      { tags: [venueTag(venueKey)], revalidate: life.until ? PAGE_LIFE_MAX_SECONDS : REVALIDATE_SECONDS },
    );
    try {
      const data = await cached();
      countCacheLookup(name, missed);
      return { status: 'ok', data };
    } catch (error) {
      countCacheLookup(name, missed);
      if (!(error instanceof NotCached)) throw error;
      if (error.loaded.status === 'failed') await retrySoon(venueKey);
      return error.loaded as Loaded<T>;
    }
  });
}

/** The venue's location: loaded once per venue, not per request (spec section 2), with the backend's verdict. */
export const loadLocation = cachedRead<Location>('location', (key) => backendFor(key).venue.location());

/** The location, or null when the venue is unknown or its backend failed (spec section 7: read as null). */
export async function getLocation(venueKey: string): Promise<Location | null> {
  const loaded = await loadLocation(venueKey);
  return loaded.status === 'ok' ? loaded.data : null;
}

const readExperiences = cachedRead<ExperienceList>('experiences', (key) => backendFor(key).experiences.list());

export async function getExperienceList(venueKey: string): Promise<ExperienceList> {
  const loaded = await readExperiences(venueKey);
  return loaded.status === 'ok' ? loaded.data : { elenco: [], pagine: 0, totale: 0 };
}

const readPrefixes = cachedRead<PrefixItem[]>('prefixes', (key) => backendFor(key).getAllServices());

/**
 * The phone prefix list (spec section 3), for the forms' prefix select; empty when the call
 * failed. With a locale, the countries are named in that language and sorted by name.
 */
export async function getPrefixList(venueKey: string, locale?: string): Promise<PrefixItem[]> {
  const loaded = await readPrefixes(venueKey);
  const list = loaded.status === 'ok' ? loaded.data : [];
  return locale ? localizedPrefixes(list, locale) : list;
}

const readGiftcards = cachedRead<Giftcard[]>('giftcards', (key) => backendFor(key).giftcards.list());

/** The venue's gift cards on sale; empty when the call failed or the backend has no gift card calls. */
export async function getGiftcardList(venueKey: string): Promise<Giftcard[]> {
  const loaded = await readGiftcards(venueKey);
  return loaded.status === 'ok' ? loaded.data : [];
}
