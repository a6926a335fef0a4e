import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { experiences, promotions, venueHosts, venues, type VenueRow } from '@/server/db/schema';
import { isLocalVenueKey, localhostVenueHost } from '@/lib/venue/host';
import { linkHostOf, venueOrigin } from '@/lib/venue/origin';

/** The venue a host key serves: local hosts get the default venue. */
export async function findVenueByKey(db: Db, key: string): Promise<VenueRow | null> {
  if (isLocalVenueKey(key)) {
    const [venue] = await db.select().from(venues).where(eq(venues.isDefault, true)).limit(1);
    if (venue) return venue;
    const [first] = await db.select().from(venues).orderBy(asc(venues.id)).limit(1);
    return first ?? null;
  }
  const [row] = await db
    .select({ venue: venues })
    .from(venueHosts)
    .innerJoin(venues, eq(venues.id, venueHosts.venueId))
    .where(eq(venueHosts.host, key))
    .limit(1);
  return row?.venue ?? null;
}

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

/** Whether the machine's own address (localhost) serves this venue: the default one, unless LOCALHOST_VENUE_HOST names another. */
function servesLocalhost(isDefault: boolean): boolean {
  try {
    return isDefault && !localhostVenueHost();
  } catch {
    return false;
  }
}

/**
 * The host a venue's e-mails and SMS link to, with a request or without (the housekeeping
 * sweep): the one rule of lib/venue/origin.ts (`linkHostOf`) over the venue's hosts. One query.
 */
export async function venueLinkHost(db: Db, venueId: number): Promise<string> {
  const rows = await db.select({ host: venueHosts.host, isDefault: venues.isDefault }).from(venues).leftJoin(venueHosts, eq(venueHosts.venueId, venues.id)).where(eq(venues.id, venueId));
  return linkHostFrom(
    rows.flatMap((r) => (r.host ? [r.host] : [])),
    rows[0]?.isDefault ?? false,
  );
}

/** The same rule on hosts already read (a booking's set-up reads them with the venue's shifts and zones). */
export const linkHostFrom = (hosts: string[], isDefault: boolean): string => linkHostOf(hosts, servesLocalhost(isDefault));

/** `linkOrigin` on a link host already read: no query. */
export function linkOriginFrom(linkHost: string, host?: string | null): string {
  if (host && /^https?:\/\//.test(host)) return host.replace(/\/+$/, '');
  return venueOrigin(linkHost).origin;
}

/**
 * The origin of a venue's e-mail links (lib/venue/origin.ts, the one rule): the guest-facing
 * origin a front passed with the call (`http(s)://…`, X-Frontpage-Origin), else the venue's link
 * host's origin, whatever host name the caller holds (the request's, or none in a sweep). Every
 * e-mail and SMS builds its links on it, so the same e-mail links to the same place whether a
 * request or the sweep sends it.
 */
export async function linkOrigin(db: Db, venueId: number, host?: string | null): Promise<string> {
  if (host && /^https?:\/\//.test(host)) return host.replace(/\/+$/, '');
  return venueOrigin(await venueLinkHost(db, venueId)).origin;
}
