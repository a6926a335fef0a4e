import 'server-only';
import fs from 'node:fs';
import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { experiences, giftCards, promotions, shifts, venueHosts, venues, zones } from '@/server/db/schema';
import { publicId } from '@/server/ids';
import type { VenueFile } from './schema';
import { checkVenueFile, hostConflicts } from './check';
import { now as clockNow } from '@/server/clock';
import { announceVenueChange } from './notify';
import { forgetVenueContexts } from './context';
import { prepareVenuePhotos } from './photos';

const cents = (amount: number) => Math.round(amount * 100);
/** The fields a file entry and its table name alike, copied as they are; the others are written out below. */
const same = <T extends object, K extends keyof T>(source: T, ...keys: K[]) => Object.fromEntries(keys.map((k) => [k, source[k]])) as Pick<T, K>;

/**
 * The first and last day an experience runs: `date` and `expiry`; with only a list of `dates`
 * (no weekdays), the list's first and last day where those are unset, so it leaves the lists
 * once its last day is gone.
 */
export function experienceSpan(e: Pick<VenueFile['experiences'][number], 'date' | 'expiry' | 'dates' | 'weekdays'>): { startDate: string | null; expiryDate: string | null } {
  const sorted = [...e.dates].sort();
  const onlyDates = sorted.length > 0 && e.weekdays.length === 0;
  return { startDate: e.date ?? (onlyDates ? sorted[0] : null), expiryDate: e.expiry ?? (onlyDates ? sorted[sorted.length - 1] : null) };
}

export class VenueFileError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid venue file:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'VenueFileError';
  }
}

/** A venue file read and checked (server/venues/check.ts): the file and its warnings, or a VenueFileError listing every error. */
export function checkedVenueFile(input: unknown, options: { strict?: boolean } = {}): { file: VenueFile; warnings: string[] } {
  const { file, errors, warnings } = checkVenueFile(input, options);
  if (!file) throw new VenueFileError(errors);
  return { file, warnings };
}

export function parseVenueFile(input: unknown): VenueFile {
  return checkedVenueFile(input).file;
}

/** The file's hosts that another venue already serves, as plain-words errors (empty: none). */
export async function takenHostErrors(db: Pick<Db, 'select'>, file: Pick<VenueFile, 'hosts' | 'slug'>): Promise<string[]> {
  const hosts = file.hosts.map((h) => h.toLowerCase());
  if (!hosts.length) return [];
  const taken = await db
    .select({ host: venueHosts.host, slug: venues.slug })
    .from(venueHosts)
    .innerJoin(venues, eq(venues.id, venueHosts.venueId))
    .where(and(inArray(venueHosts.host, hosts), ne(venues.slug, file.slug)));
  return hostConflicts(file, taken);
}

export function readVenueFile(file: string): VenueFile {
  return parseVenueFile(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/**
 * Creates or updates a venue from its file, in one transaction. Rows are matched by
 * their `key`, so experience hashes and ids survive re-imports; experiences, gift cards
 * and promotions missing from the file are deactivated, not deleted.
 * Returns the venue id and the host keys whose cached pages must be refreshed. Its photos are
 * sized for the screens after the transaction (server/venues/photos.ts); one that cannot be is a warning.
 */
export async function importVenue(db: Db, file: VenueFile): Promise<{ venueId: number; hosts: string[] }> {
  const imported = await db.transaction(async (tx) => {
    // A host serves one venue (venue_hosts' primary key): refused in words before the key would refuse it as a 500.
    const taken = await takenHostErrors(tx, file);
    if (taken.length) throw new VenueFileError(taken);
    if (file.default) await tx.update(venues).set({ isDefault: false }).where(sql`${venues.slug} <> ${file.slug}`);
    const values = {
      ...same(file, 'slug', 'name', 'currency', 'timezone', 'address', 'phone', 'customHeader', 'theme', 'policies', 'booking'),
      isDefault: file.default,
      country: file.country.toUpperCase(),
      tagline: file.tagline ?? null,
      email: file.email ?? null,
      language: file.language,
      customFooter: typeof file.customFooter === 'string' ? file.customFooter : file.customFooter.it,
      customFooterTexts: typeof file.customFooter === 'string' ? null : file.customFooter,
      fidelityEnabled: file.fidelity.enabled,
      limits: file.limits ?? null,
      embedOrigins: file.embed.origins,
      place: file.place ?? null,
      accessibilityText: file.accessibility || null,
      updatedAt: clockNow(),
    };
    const [venue] = await tx
      .insert(venues)
      .values(values)
      .onConflictDoUpdate({ target: venues.slug, set: values })
      .returning({ id: venues.id });
    const venueId = venue.id;

    const hosts = [...new Set(file.hosts.map((h) => h.toLowerCase()))];
    await tx.delete(venueHosts).where(eq(venueHosts.venueId, venueId));
    if (hosts.length) await tx.insert(venueHosts).values(hosts.map((host) => ({ host, venueId })));

    await tx.delete(zones).where(and(eq(zones.venueId, venueId), notInArray(zones.key, file.zones.map((z) => z.key))));
    for (const z of file.zones) {
      const row = { venueId, ...same(z, 'key', 'name', 'capacity', 'selectable') };
      await tx.insert(zones).values(row).onConflictDoUpdate({ target: [zones.venueId, zones.key], set: row });
    }

    await tx.delete(shifts).where(and(eq(shifts.venueId, venueId), notInArray(shifts.key, file.shifts.map((s) => s.key))));
    for (const s of file.shifts) {
      const row = {
        venueId,
        ...same(s, 'key', 'name', 'weekdays', 'slotMinutes', 'capacity'),
        startTime: s.start,
        endTime: s.end,
        lastSeating: s.lastSeating ?? null,
        slotCapacity: s.slotCapacity ?? null,
      };
      await tx.insert(shifts).values(row).onConflictDoUpdate({ target: [shifts.venueId, shifts.key], set: row });
    }

    await tx.update(experiences).set({ active: false, visible: false }).where(eq(experiences.venueId, venueId));
    for (const e of file.experiences) {
      const row = {
        venueId,
        ...same(e, 'key', 'title', 'description', 'additionalFields', 'cancellation', 'durationMinutes', 'maxBookings', 'minGuests', 'maxGuests', 'times', 'guaranteeType', 'purchaseType', 'experienceType', 'photo', 'file', 'active', 'visible', 'calendar', 'askVisitReason', 'zoneChoice', 'soldOutActive', 'sort'),
        fileTitle: e.fileTitle ?? null,
        bookingConditions: e.bookingConditions ?? null,
        ...experienceSpan(e),
        dates: e.dates,
        weekdays: [...new Set(e.weekdays)].sort(),
        zoneKeys: e.zones,
        priceCents: cents(e.price),
        guaranteeCents: cents(e.guaranteeAmount),
        depositCents: cents(e.depositAmount),
      };
      await tx
        .insert(experiences)
        .values({ ...row, hash: publicId() })
        .onConflictDoUpdate({ target: [experiences.venueId, experiences.key], set: row });
    }

    await tx.update(giftCards).set({ active: false }).where(eq(giftCards.venueId, venueId));
    for (const [index, g] of file.giftCards.entries()) {
      const row = {
        venueId,
        ...same(g, 'key', 'title', 'description', 'regulations', 'maxQuantity', 'image', 'active'),
        // A free-amount card without value and price sells its amount at its face value (a ratio of 1).
        valueCents: cents(g.value ?? g.customValue!.min),
        priceCents: cents(g.price ?? g.customValue!.min),
        customMinCents: g.customValue ? cents(g.customValue.min) : null,
        customMaxCents: g.customValue ? cents(g.customValue.max) : null,
        sort: index,
      };
      await tx.insert(giftCards).values(row).onConflictDoUpdate({ target: [giftCards.venueId, giftCards.key], set: row });
    }

    await tx.update(promotions).set({ active: false }).where(eq(promotions.venueId, venueId));
    for (const p of file.promotions) {
      const row = { venueId, ...same(p, 'urlName', 'title', 'description', 'validUntil', 'quantity', 'image', 'active'), startsAt: new Date(p.startsAt), endsAt: new Date(p.endsAt) };
      await tx
        .insert(promotions)
        .values(row)
        .onConflictDoUpdate({ target: [promotions.venueId, promotions.urlName], set: row });
    }

    return { venueId, hosts: file.default ? ['localhost', ...hosts] : hosts };
  });
  // Its photos in AVIF and WebP at the widths a screen asks for (server/venues/photos.ts), before its pages are rendered again.
  for (const warning of await prepareVenuePhotos(file)) console.warn(`venue ${file.slug}: ${warning}`);
  forgetVenueContexts();
  // Every instance on this PostgreSQL drops its cached pages of these hosts now (server/venues/notify.ts).
  await announceVenueChange(db, imported.hosts);
  return imported;
}
