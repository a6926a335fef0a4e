import 'server-only';
import type { Db } from '@/server/db/types';
import type { ExperienceRow } from '@/server/db/schema';
import { errorMessage, log } from '@/lib/log';
import { placesTag } from './tags';
import { venueContextById, venueKeysOf } from './context';

/**
 * An experience's places on a page (issue 43, docs/operations.md "How long a page lives"): a venue's
 * pages live until its next change, and the only thing they show that a booking changes is whether
 * an experience with limited places (`maxPrenotazioni`) still has some: its page's "sold out" and
 * the dates its structured data offers (available for its smallest party). Those reads carry the
 * tag `places:{venue key}` (server/venues/data.ts, server/experiences/data.ts), dropped when a
 * booking makes them flip, not on every booking.
 */

type Limits = Pick<ExperienceRow, 'maxBookings' | 'minGuests'>;

/** Whether going from `before` to `after` guests booked on a date changes what a page shows of it: a place left at all, or one for its smallest party. */
export function placesFlipped(e: Limits, before: number, after: number): boolean {
  if (e.maxBookings <= 0 || before === after) return false;
  const left = (booked: number) => Math.max(e.maxBookings - booked, 0);
  const smallest = Math.max(1, e.minGuests);
  return left(before) >= 1 !== left(after) >= 1 || left(before) >= smallest !== left(after) >= smallest;
}

type Store = { revalidateTag(tags: string[]): Promise<void> };
/** The page cache's stores of this process (server/cache/page-cache-handler.cjs keeps them under this symbol). */
const STORES = Symbol.for('frontpage.pageCacheStores');

/**
 * Drops cache tags from this process's page cache and, through it, from the table the instances
 * share and every instance's memory (its NOTIFY). Straight through the handler's stores rather
 * than Next's `revalidateTag`: a booking may end outside Next's request handling (a sweep, an
 * assistant's call), where that throws. Nothing to drop before the process has a store.
 */
export async function dropCacheTags(tags: string[]): Promise<void> {
  const stores = (globalThis as unknown as Record<symbol, Map<string, Store> | undefined>)[STORES];
  if (!stores?.size || !tags.length) return;
  await Promise.all([...stores.values()].map((s) => s.revalidateTag(tags)));
}

/**
 * After a booking of an experience has committed: drops the venue's pages that show its places
 * when the booking made them flip (placesFlipped). Never fails the booking: a failure is logged
 * (the pages then show it within REVALIDATE_SECONDS, the life of those pages).
 */
export async function placesChanged(db: Db, venueId: number, e: Limits, before: number, after: number): Promise<boolean> {
  if (!placesFlipped(e, before, after)) return false;
  try {
    const venue = await venueContextById(db, venueId);
    if (!venue) return false;
    await dropCacheTags(venueKeysOf(venue).map(placesTag));
    return true;
  } catch (error) {
    log.warn('places_pages_drop_failed', { venueId, error: errorMessage(error) });
    return false;
  }
}
