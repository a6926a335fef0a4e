/**
 * `npm run venue:schema`: writes docs/venue.schema.json and the field reference in
 * docs/venue-file.md from the descriptions on the zod schema (server/venues/schema.ts).
 * Run it after changing a venue-file field; a test fails while either file is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { renderReferenceInto, venueJsonSchema } from '@/server/venues/json-schema';

const root = process.cwd();
const schemaFile = path.join(root, 'docs/venue.schema.json');
const docFile = path.join(root, 'docs/venue-file.md');

fs.writeFileSync(schemaFile, `${JSON.stringify(venueJsonSchema(), null, 2)}\n`);
fs.writeFileSync(docFile, renderReferenceInto(fs.readFileSync(docFile, 'utf8')));
console.log(`Wrote ${path.relative(root, schemaFile)} and the reference in ${path.relative(root, docFile)}.`);
