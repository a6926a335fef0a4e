import type { Database } from '@/server/db/client';
import { projectPath } from '@/server/config';
import { log } from '@/lib/log';
import { countVenues } from './queries';
import { importVenue, readVenueFile } from './import';

export const DEMO_VENUE_FILE = projectPath('venues/demo.json');

/** On first start (no venue yet) the demo venue is imported, so a newcomer sees a working site. */
export async function seedDemoVenue(db: Database): Promise<boolean> {
  if ((await countVenues(db)) > 0) return false;
  const { venueId } = await importVenue(db, readVenueFile(DEMO_VENUE_FILE));
  log.info('demo_venue_seeded', { venueId });
  return true;
}
