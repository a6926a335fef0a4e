import 'server-only';
import { revalidateTag } from 'next/cache';
import { venueTag } from './data';

/** Drops the cached pages and data of these venue keys at once (after a venue import). */
export function revalidateVenues(venueKeys: string[]) {
  for (const key of venueKeys) revalidateTag(venueTag(key), { expire: 0 });
}
