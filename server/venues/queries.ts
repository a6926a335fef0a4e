import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { experiences, promotions, venues } from '@/server/db/schema';
import { linkHostFrom, linkOriginFrom, venueContext, venueContextById, type VenueContext } from './context';

/** The venue a host key serves (local hosts get the default venue), as its cached context (server/venues/context.ts). */
export const findVenueByKey = (db: Db, key: string): Promise<VenueContext | null> => venueContext(db, key);

export async function countVenues(db: Db): Promise<number> {
  return db.$count(venues);
}

export function listExperiences(db: Db, venueId: number) {
  return db
    .select()
    .from(experiences)
    .where(and(eq(experiences.venueId, venueId), eq(experiences.visible, true)))
    .orderBy(asc(experiences.sort), asc(experiences.id));
}

export function listActivePromotions(db: Db, venueId: number) {
  return db
    .select()
    .from(promotions)
    .where(and(eq(promotions.venueId, venueId), eq(promotions.active, true)))
    .orderBy(asc(promotions.endsAt));
}

/**
 * The host a venue's e-mails and SMS link to, with a request or without (the housekeeping
 * sweep): the one rule of lib/venue/origin.ts (`linkHostOf`) over the venue's hosts, read with
 * the venue's context (server/venues/context.ts; no statement when it is cached).
 */
export async function venueLinkHost(db: Db, venueId: number): Promise<string> {
  return (await venueContextById(db, venueId))?.linkHost ?? linkHostFrom([], false);
}

/**
 * The origin of a venue's e-mail links (lib/venue/origin.ts, the one rule): the guest-facing
 * origin a front passed with the call (`http(s)://…`, X-Frontpage-Origin), else the venue's link
 * host's origin, whatever host name the caller holds (the request's, or none in a sweep). Every
 * e-mail and SMS builds its links on it, so the same e-mail links to the same place whether a
 * request or the sweep sends it.
 */
export async function linkOrigin(db: Db, venueId: number, host?: string | null): Promise<string> {
  return linkOriginFrom(await venueLinkHost(db, venueId), host);
}
