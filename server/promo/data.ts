import 'server-only';
import { cache } from 'react';
import { unstable_cache } from 'next/cache';
import { backendFor } from '@/server/backend';
import type { Promo } from '@/lib/contract/promo';
import { REVALIDATE_SECONDS, retrySoon, venueTag } from '@/server/venues/data';

class NotCached extends Error {
  constructor(readonly status: 'notFound' | 'failed' | 'unknownVenue') {
    super(status);
  }
}

export type PromoLoad = { status: 'ok'; data: Promo } | { status: 'notFound' } | { status: 'failed' } | { status: 'unknownVenue' };

/**
 * A promotion's page data, cached across requests per venue and promotion, refreshed with
 * the venue (tag `venue:{host}`) and at most every 5 minutes: a burst of visitors costs no
 * backend call. Its `state` and `remaining` are as of the cached read; the page reads them
 * live from `/api/promo/status`. A failed read is not cached.
 */
export const loadPromo = cache(async (venueKey: string, urlName: string): Promise<PromoLoad> => {
  const cached = unstable_cache(
    async () => {
      const loaded = await backendFor(venueKey).promotions.get(urlName);
      if (loaded.status !== 'ok') throw new NotCached(loaded.status);
      return loaded.data;
    },
    ['promo', venueKey, urlName],
    { tags: [venueTag(venueKey)], revalidate: REVALIDATE_SECONDS },
  );
  try {
    return { status: 'ok', data: await cached() };
  } catch (error) {
    if (!(error instanceof NotCached)) throw error;
    if (error.status === 'failed') await retrySoon(venueKey);
    return { status: error.status } as PromoLoad;
  }
});
