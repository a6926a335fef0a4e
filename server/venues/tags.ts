import 'server-only';

/** The cache tag of a venue key's pages and data: revalidated after a change of the venue (revalidate.ts, notify.ts). */
export const venueTag = (venueKey: string) => `venue:${venueKey}`;
