import 'server-only';

/** The cache tag of a venue key's pages and data: revalidated after a change of the venue (revalidate.ts, notify.ts). */
export const venueTag = (venueKey: string) => `venue:${venueKey}`;

/**
 * The tag of the reads that show an experience's places (its page's "sold out", the dates its
 * structured data offers), dropped when a booking makes them flip (server/venues/places.ts).
 */
export const placesTag = (venueKey: string) => `places:${venueKey}`;
