import 'server-only';
import { revalidateTag } from 'next/cache';
import { venueTag } from './data';
import { forgetVenueContexts } from './context';

/** Drops the cached pages and data of these venue keys at once (after a venue import), and this process's resolved venues. */
export function revalidateVenues(venueKeys: string[]) {
  forgetVenueContexts();
  for (const key of venueKeys) revalidateTag(venueTag(key), { expire: 0 });
}
