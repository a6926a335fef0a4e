import 'server-only';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { venues, type ExperienceRow, type ShiftRow, type VenueRow, type ZoneRow } from '@/server/db/schema';
import { bookingRulesSchema, type BookingRules } from '@/server/booking/rules';
import { isLocalVenueKey, localhostVenueHost, LOCAL_VENUE_KEY, venueKeyForHost } from '@/lib/venue/host';
import { linkHostOf, venueOrigin } from '@/lib/venue/origin';

/** Whether the machine's own address (localhost) serves this venue: the default one, unless LOCALHOST_VENUE_HOST names another. */
function servesLocalhost(isDefault: boolean): boolean {
  try {
    return isDefault && !localhostVenueHost();
  } catch {
    return false;
  }
}

/** The host a venue's e-mails and SMS link to, from its hosts: the one rule of lib/venue/origin.ts (`linkHostOf`). */
export const linkHostFrom = (hosts: string[], isDefault: boolean): string => linkHostOf(hosts, servesLocalhost(isDefault));

/** The origin of a venue's links on a link host already known: the front's origin when one was passed (`http(s)://…`), else the host's. */
export function linkOriginFrom(linkHost: string, host?: string | null): string {
  if (host && /^https?:\/\//.test(host)) return host.replace(/\/+$/, '');
  return venueOrigin(linkHost).origin;
}

/** A venue's booking set-up: its parsed rules, shifts (by start), zones, experiences' dates, and its hosts. */
export type BookingSetup = {
  rules: BookingRules;
  shifts: ShiftRow[];
  zones: ZoneRow[];
  /** What availability needs of the experiences: the days they take (server/booking/availability.ts). */
  experiences: Pick<ExperienceRow, 'key' | 'startDate' | 'expiryDate' | 'dates' | 'weekdays' | 'active' | 'calendar'>[];
  hosts: string[];
};

/**
 * A venue as one request sees it (issue 42): its row, its parsed booking set-up and the host its
 * e-mails link to, resolved once per request from an in-process cache (no statement on a hit).
 * It is a `VenueRow` too, so code that needs only the row takes either.
 */
export type VenueContext = VenueRow & { readonly setup: BookingSetup; readonly linkHost: string };

/** How long a resolved venue is trusted without a change notice; an unknown host, shorter (a venue may be imported for it). */
export const CONTEXT_TTL_MS = 60_000;
export const UNKNOWN_TTL_MS = 5_000;
/** Bound on the hosts remembered: forged Host headers must not grow the cache without end. */
const MAX_ENTRIES = 2_000;

type Entry = { at: number; value: Promise<VenueContext | null> };
type Cache = { byKey: Map<string, Entry>; byId: Map<number, Entry>; generation: number };
// One cache per process, even though Next loads this module in several graphs (pages, route handlers).
const g = globalThis as unknown as { __frontpageVenueContexts?: Cache };
const cache = (): Cache => (g.__frontpageVenueContexts ??= { byKey: new Map(), byId: new Map(), generation: 0 });

/** The venue and everything a request needs of it, in one statement (drizzle's relational query). */
async function readContext(db: Db, where: SQL | undefined, orderLocal: boolean): Promise<VenueContext | null> {
  const found = await db.query.venues.findFirst({
    where,
    orderBy: orderLocal ? [desc(venues.isDefault), asc(venues.id)] : undefined,
    with: {
      shifts: true,
      zones: true,
      experiences: { columns: { key: true, startDate: true, expiryDate: true, dates: true, weekdays: true, active: true, calendar: true } },
      hosts: { columns: { host: true } },
    },
  });
  if (!found) return null;
  const { shifts, zones, experiences, hosts, ...row } = found;
  const hostNames = hosts.map((h) => h.host);
  const setup: BookingSetup = {
    rules: bookingRulesSchema.parse(row.booking ?? undefined),
    shifts: [...shifts].sort((a, b) => a.startTime.localeCompare(b.startTime)),
    zones,
    experiences,
    hosts: hostNames,
  };
  return Object.freeze({ ...row, setup, linkHost: linkHostFrom(hostNames, row.isDefault) });
}

function remember<K>(map: Map<K, Entry>, key: K, load: () => Promise<VenueContext | null>): Promise<VenueContext | null> {
  const c = cache();
  const at = performance.now();
  const hit = map.get(key);
  if (hit && at - hit.at < CONTEXT_TTL_MS) return hit.value;
  map.delete(key);
  const generation = c.generation;
  const value = load();
  map.set(key, { at, value });
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as K);
  value.then(
    (found) => {
      // A change noticed while this read ran: the read may predate it, so it is not kept.
      if (c.generation !== generation) map.delete(key);
      // An unknown host is remembered briefly only.
      else if (!found) map.set(key, { at: at - CONTEXT_TTL_MS + UNKNOWN_TTL_MS, value });
      // A venue found by its host is found by its id too, with no second read.
      else if (map !== c.byId) c.byId.set(found.id, { at, value });
    },
    () => map.delete(key),
  );
  return value;
}

/** The venue a host key names (local hosts: the default venue, else the first), or null. Cached. */
export function venueContext(db: Db, key: string): Promise<VenueContext | null> {
  return remember(cache().byKey, key, () =>
    isLocalVenueKey(key) ? readContext(db, undefined, true) : readContext(db, sql`${venues.id} in (select h.venue_id from venue_hosts h where h.host = ${key})`, false),
  );
}

/** The venue of an id (a sweep, a webhook, a signed link), or null. Cached. */
export function venueContextById(db: Db, venueId: number): Promise<VenueContext | null> {
  return remember(cache().byId, venueId, () => readContext(db, eq(venues.id, venueId), false));
}

/**
 * The current context of a venue a caller holds (a request's, or a row a sweep read): the cached
 * one of its id, so that a change forgotten since is seen; no statement while it is cached.
 */
export async function contextOf(db: Db, venue: Pick<VenueRow, 'id'>): Promise<VenueContext> {
  const found = await venueContextById(db, venue.id);
  if (!found) throw new Error(`venue ${venue.id} not found`);
  return found;
}

/** The venue keys a venue's pages are cached under (lib/venue/host.ts): its hosts', and `localhost` when the machine's own address serves it. */
export function venueKeysOf(venue: Pick<VenueContext, 'isDefault' | 'setup'>): string[] {
  const keys = new Set(venue.setup.hosts.map((h) => venueKeyForHost(h)));
  if (servesLocalhost(venue.isDefault)) keys.add(LOCAL_VENUE_KEY);
  return [...keys];
}

/**
 * Forgets every cached venue: after an import or any change of a venue's rows, on this process
 * (the importing one) and, through the PostgreSQL notice (server/venues/notify.ts), on every other.
 */
export function forgetVenueContexts() {
  const c = cache();
  c.generation++;
  c.byKey.clear();
  c.byId.clear();
}
