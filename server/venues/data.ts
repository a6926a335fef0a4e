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
import { venueTag } from './tags';

/**
 * Venue data changes rarely: it is cached per venue key and refreshed by tag (see revalidate.ts;
 * a backend calls a front's /api/revalidate after a change). Without that call a page is at most
 * this old when it is rendered again, and pages are rendered again after as long (the layout's
 * `revalidate`): a change shows within 5 minutes.
 */
export const REVALIDATE_SECONDS = 150;
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

/**
 * Caches a venue read across requests. Only a successful answer is cached: a failed
 * read (and a venue the backend does not know) is tried again on the next request.
 */
function cachedRead<T>(name: string, read: (venueKey: string) => Promise<Loaded<T>>) {
  return cache(async (venueKey: string): Promise<Loaded<T>> => {
    let missed = false;
    const cached = unstable_cache(
      async () => {
        missed = true;
        const loaded = await read(venueKey);
        if (loaded.status !== 'ok') throw new NotCached(loaded);
        return loaded.data;
      },
      [name, venueKey],
      { tags: [venueTag(venueKey)], revalidate: REVALIDATE_SECONDS },
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
