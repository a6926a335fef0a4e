import 'server-only';
import type { Db } from '@/server/db/types';
import { projectPath } from '@/server/runtime/config';
import { now as clockNow } from '@/server/clock';
import { instantOf, localMoment } from '@/server/booking/time';
import { log } from '@/lib/log';
import { countVenues } from './queries';
import { importVenue, readVenueFile } from './import';

export const DEMO_VENUE_FILE = projectPath('venues/demo.json');

/** Days after the seed day that the demo's dated things fall on (so the demo looks alive whenever it is seeded). */
export const DEMO_OFFSETS = { promotionEnds: 42, promotionValid: 72, wineEvening: 41 } as const;

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo venue file with its dates moved relative to the seed day (issue 29): the
 * promotion runs from yesterday to six weeks ahead (its countdown reads weeks, not years) and
 * the one-date wine evening is some six weeks ahead. The file's own dates are examples.
 */
export function demoVenueFile(now = clockNow()) {
  const file = readVenueFile(DEMO_VENUE_FILE);
  const tz = file.timezone || 'Europe/Rome';
  const today = localMoment(tz, now).date;
  for (const p of file.promotions ?? []) {
    const start = addDays(today, -1);
    const end = addDays(today, DEMO_OFFSETS.promotionEnds);
    p.startsAt = instantOf(tz, start, '00:00').toISOString();
    p.endsAt = new Date(instantOf(tz, end, '23:59').getTime() + 59_000).toISOString();
    p.validUntil = addDays(today, DEMO_OFFSETS.promotionValid);
  }
  for (const e of file.experiences ?? []) {
    if (e.date && e.date === e.expiry) e.date = e.expiry = addDays(today, DEMO_OFFSETS.wineEvening);
  }
  return file;
}

/** On first start (no venue yet) the demo venue is imported, so a newcomer sees a working site. */
export async function seedDemoVenue(db: Db): Promise<boolean> {
  if ((await countVenues(db)) > 0) return false;
  const { venueId } = await importVenue(db, demoVenueFile());
  log.info('demo_venue_seeded', { venueId });
  return true;
}
