import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REFERENCE_END, REFERENCE_START, renderReferenceInto, undescribedFields, venueJsonSchema, venueReferenceMarkdown } from '@/server/venues/json-schema';
import { venueFileSchema } from '@/server/venues/schema';
import { checkVenueFile } from '@/server/venues/check';
import { GET } from '@/app/venue.schema.json/route';

/** The venue file's schema, its published JSON Schema and docs/venue-file.md cannot drift apart (issue 31). */
const root = path.join(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const REGENERATE = 'stale: run `npm run venue:schema` and commit the result';

describe('venue file documentation', () => {
  it('describes every field of the schema', () => {
    expect(undescribedFields()).toEqual([]);
    // The walk sees nested fields: a field without a description is reported by its path.
    const bare = z.toJSONSchema(z.object({ a: z.string().describe('A.'), b: z.object({ c: z.number() }).describe('B.') }));
    expect(undescribedFields(bare as Parameters<typeof undescribedFields>[0])).toEqual(['b.c']);
  });

  it('commits the JSON Schema as generated from the zod schema', () => {
    expect({ committed: JSON.parse(read('docs/venue.schema.json')), note: REGENERATE }).toEqual({ committed: venueJsonSchema(), note: REGENERATE });
  });

  it('keeps the reference of docs/venue-file.md as generated from the same descriptions', () => {
    const page = read('docs/venue-file.md');
    expect({ page, note: REGENERATE }).toEqual({ page: renderReferenceInto(page), note: REGENERATE });
    const reference = page.slice(page.indexOf(REFERENCE_START), page.indexOf(REFERENCE_END));
    // Every top-level field and every section has its row, with its description.
    for (const [name, field] of Object.entries(venueFileSchema.shape)) {
      expect(reference).toContain(`| \`${name}\` |`);
      expect(reference).toContain(field.description ?? 'no description');
    }
    for (const section of ['`shifts[]`', '`booking.guarantee`', '`booking.guarantee.when[]`', '`limits`', '`promotions[]`']) expect(reference).toContain(`### ${section}`);
    expect(venueReferenceMarkdown()).toContain('| `slotMinutes` | integer (> 0) | `30` |');
  });

  it('validates the demo and the second venue against the published schema, which points them at itself', () => {
    const published = z.fromJSONSchema(JSON.parse(read('docs/venue.schema.json')));
    for (const [file, schemaPath] of [['venues/demo.json', '../docs/venue.schema.json'], ['tests/fixtures/venue-seconda.json', '../../docs/venue.schema.json']]) {
      const venue = JSON.parse(read(file));
      expect(venue.$schema).toBe(schemaPath);
      expect(path.resolve(path.dirname(path.join(root, file)), venue.$schema)).toBe(path.join(root, 'docs/venue.schema.json'));
      expect(published.safeParse(venue).error?.issues).toBeUndefined();
      // The published schema is not a blank check: a broken time is refused.
      expect(published.safeParse({ ...venue, shifts: [{ ...venue.shifts[0], end: '25:00' }] }).success).toBe(false);
      // Issue 45: an editor flags a day not written YYYY-MM-DD, an unknown field and a language the site does not speak.
      expect(published.safeParse({ ...venue, booking: { ...venue.booking, closures: ['24/12/2026'] } }).success).toBe(false);
      expect(published.safeParse({ ...venue, booking: { ...venue.booking, closures: [{ from: '2027-12-24', to: '2027-12-26' }] } }).success).toBe(true);
      expect(published.safeParse({ ...venue, booking: { ...venue.booking, maxPartySize: 8 } }).success).toBe(false);
      expect(published.safeParse({ ...venue, tagline: { it: 'Cucina', pt: 'Cozinha' } }).success).toBe(false);
      expect(published.safeParse({ ...venue, experiences: [{ ...venue.experiences[0], dates: ['2027-12-03'], weekdays: [5] }] }).success).toBe(true);
      expect(published.safeParse({ ...venue, experiences: [{ ...venue.experiences[0], date: '03/12/2027' }] }).success).toBe(false);
    }
  });

  it('walks a new venue from a file that passes the check as the page writes it', () => {
    const page = read('docs/venue-file.md');
    const walkthrough = page.slice(page.indexOf('## A new venue in ten minutes'), page.indexOf('## Checks'));
    const block = /```json\n([\s\S]*?)```/.exec(walkthrough)?.[1] ?? '';
    const example = JSON.parse(block.replace(/^ {3}/gm, ''));
    expect(checkVenueFile(example)).toMatchObject({ errors: [], warnings: [], file: { slug: 'osteria', hosts: ['osteria.localhost'], default: false } });
    expect(example.$schema).toBe('../docs/venue.schema.json');
  });

  it('serves the schema at /venue.schema.json, public and cacheable', async () => {
    const response = GET();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/schema+json');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(await response.json()).toEqual(venueJsonSchema());
  });
});
