import 'server-only';
import { cache } from 'react';
import { unstable_cache } from 'next/cache';
import { backendFor } from '@/lib/backend';
import type { Location, PrefixItem } from '@/lib/contract/location';
import type { ExperienceList } from '@/lib/contract/experience';

/** Venue data changes rarely: it is cached per venue key and refreshed by tag (see revalidate.ts). */
const REVALIDATE_SECONDS = 300;
export const venueTag = (venueKey: string) => `venue:${venueKey}`;

class EmptyResult extends Error {}

/**
 * Caches a venue read across requests. An empty result (the backend failed) is not
 * cached, so a backend that comes back is seen on the next request.
 */
function cachedRead<T>(name: string, read: (venueKey: string) => Promise<T>, isEmpty: (value: T) => boolean) {
  return cache(async (venueKey: string): Promise<T | null> => {
    const cached = unstable_cache(
      async () => {
        const value = await read(venueKey);
        if (isEmpty(value)) throw new EmptyResult();
        return value;
      },
      [name, venueKey],
      { tags: [venueTag(venueKey)], revalidate: REVALIDATE_SECONDS },
    );
    try {
      return await cached();
    } catch (error) {
      if (error instanceof EmptyResult) return null;
      throw error;
    }
  });
}

/** The venue's location: loaded once per venue, not per request (spec section 2). */
export const getLocation = cachedRead<Location | null>(
  'location',
  (key) => backendFor(key).getLocation(),
  (l) => l === null,
);

export const getExperienceList = cachedRead<ExperienceList>(
  'experiences',
  (key) => backendFor(key).getExperienceList(),
  (l) => l.pagine === 0 && l.totale === 0 && l.elenco.length === 0,
);

/** The phone prefix list (spec section 3), for the forms' prefix select. */
export const getPrefixList = cachedRead<PrefixItem[]>(
  'prefixes',
  (key) => backendFor(key).getAllServices(),
  (l) => l.length === 0,
);
