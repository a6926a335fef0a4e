import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { testDay } from '../helpers/clock';

/**
 * POST /api/admin/venues (issue 31): a refused venue file is a 400 listing each error with
 * its JSON path in plain words, never a 500 (a host of another venue included); `?dryRun=1`
 * checks without importing; an import lists its warnings.
 */
const TOKEN = 'venue-admin-test-token';
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '../..', file), 'utf8'));

export function describeVenueAdmin(driver: Driver) {
  describe(`venue import over the admin API on ${driver}`, () => {

    beforeAll(() => {
      process.env.ADMIN_TOKEN = TOKEN;
    });
    useSiteDatabase(driver);

    afterAll(() => {
      delete process.env.ADMIN_TOKEN;
    });

    /** The admin import; outside a Next server there are no cached pages to drop (`revalidate` does nothing). */
    const post = async (body: unknown, query = '') => {
      const { importVenueFromRequest } = await import('@/server/venues/admin');
      const response = await importVenueFromRequest(
        new Request(`http://127.0.0.1:3000/api/admin/venues${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
          body: JSON.stringify(body),
        }),
        () => undefined,
      );
      return { status: response.status, body: await response.json() };
    };
    const venueRow = async (slug: string) => {
      const { getDb } = await import('@/server/db/client');
      const { venues } = await import('@/server/db/schema');
      return (await (await getDb()).select().from(venues).where(eq(venues.slug, slug)))[0];
    };

    it('refuses a broken file with 400 and every error, path first, in plain words', async () => {
      const file = read('tests/fixtures/venue-seconda.json');
      file.shifts[1].end = '25:00';
      file.promotions = [{ ...read('venues/demo.json').promotions[0], startsAt: '2030-01-02T00:00:00+01:00', endsAt: '2030-01-01T00:00:00+01:00' }];
      const broken = await post(file);
      expect(broken).toEqual({ status: 400, body: { status: false, error: 'invalidVenueFile', issues: ['shifts[1].end: "25:00" is not a time (HH:MM, 00:00 to 23:59)'] } });

      file.shifts[1].end = '23:30';
      file.currency = 'XYZ';
      expect((await post(file)).body.issues).toEqual([
        'currency: "XYZ" is not a currency: expected an ISO 4217 code such as "EUR" or "CHF", or "€"',
        'promotions[0].endsAt: "2030-01-01T00:00:00+01:00" is not after startsAt "2030-01-02T00:00:00+01:00": expected the end after the start',
      ]);
      expect(await venueRow('seconda')).toBeUndefined();
    });

    it('refuses a host of another venue with 400, on a dry run and on the import', async () => {
      const file = { ...read('tests/fixtures/venue-seconda.json'), hosts: ['seconda.localhost', 'DEMO.localhost'] };
      const issue = 'hosts[1]: "DEMO.localhost" is already a host of the venue "demo": expected a host no other venue uses';
      expect(await post(file, '?dryRun=1')).toEqual({ status: 400, body: { status: false, error: 'invalidVenueFile', issues: [issue] } });
      expect(await post(file)).toEqual({ status: 400, body: { status: false, error: 'invalidVenueFile', issues: [issue] } });
      expect(await venueRow('seconda')).toBeUndefined();
    });

    it('checks without importing on a dry run, with the warnings the import would give', async () => {
      const file = { ...read('tests/fixtures/venue-seconda.json'), customHeader: '<meta name="x" content="y"><img src="/a.png" onerror="steal()">', colour: 'red' };
      const dry = await post(file, '?dryRun=1');
      expect(dry).toEqual({
        status: 200,
        body: {
          status: true,
          data: {
            dryRun: true,
            slug: 'seconda',
            warnings: [
              'colour: unknown field, ignored; expected one of the fields of `(file)` in docs/venue-file.md',
              'customHeader: the <img> element (only <meta>, <link>, <script>, <style>, <noscript>, <base> go in <head>) is dropped from the page',
            ],
          },
        },
      });
      expect(await venueRow('seconda')).toBeUndefined();
    });

    it('imports a format 1 file (no formatVersion) and says it was migrated', async () => {
      // The handler's import path below its cache refresh (revalidateTag needs Next's runtime): check, then import.
      const { checkedVenueFile, importVenue } = await import('@/server/venues/import');
      const { getDb } = await import('@/server/db/client');
      const file = read('tests/fixtures/venue-seconda.json');
      delete file.formatVersion;
      delete file.$schema;
      const { file: checked, warnings } = checkedVenueFile(file);
      expect(warnings).toEqual([expect.stringMatching(/^formatVersion: not set, so read as format 1; migrated format 1 → 2/), expect.stringMatching(/^formatVersion: was 2; migrated format 2 → 3/)]);
      expect((await importVenue(await getDb(), checked)).hosts).toEqual(['seconda.localhost']);
      expect(await venueRow('seconda')).toMatchObject({ name: 'Osteria Seconda', currency: 'CHF' });
      // Its own hosts are no conflict on a re-import; the demo's still are.
      expect(await post(read('tests/fixtures/venue-seconda.json'), '?dryRun=1')).toMatchObject({ status: 200, body: { data: { dryRun: true, warnings: [] } } });
      await expect(importVenue(await getDb(), { ...checked, slug: 'terza', hosts: ['seconda.localhost'] })).rejects.toMatchObject({
        issues: ['hosts[0]: "seconda.localhost" is already a host of the venue "seconda": expected a host no other venue uses'],
      });
    });
    it('walks Trattoria Sole as docs/venue-file.md writes it: three Friday tastings, a Christmas closure range, a typo named (issue 45)', async () => {
      const page = fs.readFileSync(path.join(__dirname, '../../docs/venue-file.md'), 'utf8');
      const section = page.slice(page.indexOf('## A second venue: dates, closures and a typo'), page.indexOf('## Checks'));
      const written = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)?.[1] ?? '{}');
      const fixture = read('tests/fixtures/venue-sole.json');
      // The page's file is the fixture (only its `$schema` path differs: the page's sits in venues/).
      expect({ ...written, $schema: fixture.$schema }).toEqual(fixture);
      expect(written.$schema).toBe('../docs/venue.schema.json');

      // Its days moved onto the suite's calendar by whole weeks, so every weekday stays: the Fridays are testDay(3), (10) and (17).
      const { addDays } = await import('@/server/booking/availability');
      const weeks = Math.round((Date.parse(`${testDay(3)}T12:00:00Z`) - Date.parse('2027-12-03T12:00:00Z')) / 86_400_000);
      expect(Math.abs(weeks % 7)).toBe(0);
      const moved = JSON.parse(JSON.stringify(fixture).replace(/\d{4}-\d{2}-\d{2}/g, (d) => addDays(d, weeks)));

      // The typo: refused with strict, named with the field it meant by default.
      expect(await post(moved, '?dryRun=1&strict=1')).toEqual({
        status: 400,
        body: { status: false, error: 'invalidVenueFile', issues: ['booking.maxPartySize: unknown field; did you mean booking.partySize.max?'] },
      });
      const imported = await post(moved);
      expect(imported).toMatchObject({ status: 200, body: { status: true, data: { hosts: ['sole.localhost'], warnings: ['booking.maxPartySize: unknown field, ignored; did you mean booking.partySize.max?'] } } });

      // One experience, offered on its three Fridays only; the closure's three days are closed for tables.
      const { dispatch } = await import('@/server/backend/dispatch');
      const { venueKeyForHost } = await import('@/lib/venue/host');
      const host = venueKeyForHost('sole.localhost');
      const { getDb } = await import('@/server/db/client');
      const { experiences } = await import('@/server/db/schema');
      const sole = await venueRow('sole');
      const rows = await (await getDb()).select().from(experiences).where(eq(experiences.venueId, sole.id));
      expect(rows.map((r) => [r.key, r.dates.length, r.startDate, r.expiryDate])).toEqual([['degustazione-vini', 3, testDay(3), testDay(17)]]);
      const months = [...new Set([testDay(0), testDay(30)].map((d) => d.slice(0, 7)))];
      const state = new Map<string, string>();
      const tables = new Map<string, string>();
      for (const m of months) {
        const q = { year: m.slice(0, 4), month: String(Number(m.slice(5, 7))), pax: '2' };
        const days = await dispatch('experience/availabledays', host, new URLSearchParams({ ...q, experienceId: String(rows[0].id) }));
        for (const d of days.body.data as { date: string; state: string }[]) state.set(d.date, d.state);
        const month = await dispatch('reservation/getmonth', host, new URLSearchParams(q));
        for (const d of month.body.data as { date: string; state: string }[]) tables.set(d.date, d.state);
      }
      expect([...state].filter(([, s]) => s === 'available').map(([d]) => d)).toEqual([testDay(3), testDay(10), testDay(17)]);
      expect([testDay(24), testDay(25), testDay(26)].map((d) => tables.get(d))).toEqual(['closed', 'closed', 'closed']);
      expect([testDay(23), testDay(28)].map((d) => tables.get(d))).toEqual(['available', 'available']); // the Thursday before, the Tuesday after
      expect(tables.get(testDay(6))).toBe('closed'); // a Monday: no shift
    });
  });
}
