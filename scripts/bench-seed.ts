/**
 * Seeds the demo venue with N past and future reservations for `npm run bench`
 * (`tsx --conditions=react-server scripts/bench-seed.ts 10000`), on DATA_DIR or DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { config } from '@/server/runtime/config';
import { openDatabase } from '@/server/db/client';
import { reservations } from '@/server/db/schema';
import { seedDemoVenue } from '@/server/venues/seed';
import { findVenueByKey } from '@/server/venues/queries';
import { addDays } from '@/server/booking/availability';
import { publicId } from '@/server/ids';

async function main() {
  const count = Number(process.argv[2]) || 10_000;
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await seedDemoVenue(handle.db);
    const venue = (await findVenueByKey(handle.db, 'localhost'))!;
    await handle.db.execute(sql`delete from reservations where venue_id = ${venue.id}`);
    const today = new Date().toISOString().slice(0, 10);
    const times = ['12:00', '12:30', '13:00', '13:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30'];
    const now = new Date();
    const rows = Array.from({ length: count }, (_, i) => ({
      venueId: venue.id,
      hash: publicId(),
      // A year of history and the coming weeks: about 27 bookings a day.
      date: addDays(today, -275 + (i % 365)),
      time: times[i % times.length],
      shiftKey: times[i % times.length] < '16:00' ? 'pranzo' : 'cena',
      zoneKey: i % 3 ? 'sala' : 'terrazza',
      covers: 1 + (i % 4),
      status: 'confirmed' as const,
      firstName: 'Bench',
      lastName: String(i),
      email: `bench${i}@example.com`,
      phonePrefix: '+39',
      phone: '3330000000',
      notes: '',
      locale: 'it',
      privacyAcceptedAt: now,
      policyVersion: '2026-01',
    }));
    for (let i = 0; i < rows.length; i += 500) await handle.db.insert(reservations).values(rows.slice(i, i + 500));
    console.log(`Seeded ${count} reservations for ${venue.name}.`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
