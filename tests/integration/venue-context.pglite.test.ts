import fs from 'node:fs';
import path from 'node:path';
import { countStatements } from '../helpers/statements';
import { useSiteDatabase } from '../helpers/databases';

/**
 * The request-scoped venue (server/venues/context.ts, issue 42): resolved once from an
 * in-process cache, so a call on a known venue reads nothing of it, and forgotten on every
 * change of the venue, so no call answers from the rules a change replaced.
 */
const demoFile = () => JSON.parse(fs.readFileSync(path.join(__dirname, '../../venues/demo.json'), 'utf8'));

describe('the venue context on pglite', () => {
  useSiteDatabase('pglite');

  const db = async () => (await import('@/server/db/client')).getDb();
  const context = async () => import('@/server/venues/context');
  const dispatch = async (call: string, values: Record<string, string>, venueKey = 'localhost') =>
    (await import('@/server/backend/dispatch')).dispatch(call, venueKey, new URLSearchParams(values));

  it('reads the venue once, then answers from memory with no statement', async () => {
    const { venueContext, forgetVenueContexts } = await context();
    forgetVenueContexts();
    const first = await countStatements(async () => venueContext(await db(), 'localhost'));
    expect(first.statements).toBe(1);
    const again = await countStatements(async () => venueContext(await db(), 'localhost'));
    expect(again.statements).toBe(0);
    expect(again.result).toBe(first.result);
    // The set-up the booking rules need travels with it: shifts by their start, zones, hosts.
    const shifts = first.result!.setup.shifts.map((s) => s.startTime);
    expect(shifts).toEqual([...shifts].sort());
    expect(first.result!.setup.zones.length).toBeGreaterThan(0);
    expect(first.result!.linkHost).toBe('localhost');
  });

  it('answers with the rules of a venue file imported since, with no one telling it', async () => {
    const before = await dispatch('location/getlocation', { language: 'en' });
    const { partySize } = (before.body.data as { booking: { partySize: { min: number; max: number } } }).booking;
    const file = demoFile();
    file.booking.partySize = { ...file.booking.partySize, max: partySize.max - 2 };
    const { importVenue } = await import('@/server/venues/import');
    const { venueFileSchema } = await import('@/server/venues/schema');
    await importVenue(await db(), venueFileSchema.parse(file));
    const after = await dispatch('location/getlocation', { language: 'en' });
    expect((after.body.data as { booking: { partySize: { max: number } } }).booking.partySize.max).toBe(partySize.max - 2);
    // And the booking rules themselves: a party of the old maximum is refused now.
    const month = await dispatch('reservation/getmonth', { year: '2030', month: '1', pax: String(partySize.max) });
    expect([month.httpStatus, month.body.error]).toEqual([400, 'partyTooLarge']);
  });

  it('learns of a host imported after it was asked for', async () => {
    const { forgetVenueContexts } = await context();
    forgetVenueContexts();
    expect((await dispatch('location/getlocation', {}, 'sole.example')).httpStatus).toBe(404);
    const file = { ...demoFile(), slug: 'sole', name: 'Trattoria Sole', default: false, hosts: ['sole.example'] };
    const { importVenue } = await import('@/server/venues/import');
    const { venueFileSchema } = await import('@/server/venues/schema');
    await importVenue(await db(), venueFileSchema.parse(file));
    const found = await dispatch('location/getlocation', {}, 'sole.example');
    expect([found.httpStatus, (found.body.data as { locationname: string }).locationname]).toEqual([200, 'Trattoria Sole']);
  });

  it('forgets the automatic offers the venue turned off, at once', async () => {
    const { venueContext } = await context();
    const venue = (await venueContext(await db(), 'localhost'))!;
    const { setAutoOffers } = await import('@/server/staff/sheet');
    await setAutoOffers(await db(), venue, !venue.setup.rules.waitlistOffers.automatic);
    const now = (await venueContext(await db(), 'localhost'))!;
    expect(now.setup.rules.waitlistOffers.automatic).toBe(!venue.setup.rules.waitlistOffers.automatic);
  });
});
