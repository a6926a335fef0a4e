import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { experiences, promotions, venueHosts, venues, type VenueRow } from '@/server/db/schema';
import { isLocalVenueKey } from '@/lib/venue/host';

/** The venue a host key serves: local hosts get the default venue. */
export async function findVenueByKey(db: Database, key: string): Promise<VenueRow | null> {
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

export async function countVenues(db: Database): Promise<number> {
  return db.$count(venues);
}

export function listExperiences(db: Database, venueId: number) {
  return db
    .select()
    .from(experiences)
    .where(and(eq(experiences.venueId, venueId), eq(experiences.visible, true)))
    .orderBy(asc(experiences.sort), asc(experiences.id));
}

export function listActivePromotions(db: Database, venueId: number) {
  return db
    .select()
    .from(promotions)
    .where(and(eq(promotions.venueId, venueId), eq(promotions.active, true)))
    .orderBy(asc(promotions.endsAt));
}

/**
 * The host a venue's e-mails and SMS link to when no request names one: a public host first;
 * a venue known only locally links to this machine (venueOrigin makes it http://localhost:PORT).
 */
export async function venueLinkHost(db: Database, venueId: number): Promise<string> {
  const hosts = (await db.select({ host: venueHosts.host }).from(venueHosts).where(eq(venueHosts.venueId, venueId)).orderBy(asc(venueHosts.host))).map((h) => h.host);
  return hosts.find((h) => !/(^|\.)localhost(:\d+)?$/.test(h)) ?? hosts.find(isLocalVenueKey) ?? hosts[0] ?? 'localhost';
}
