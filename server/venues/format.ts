import 'server-only';
import { VENUE_FORMAT_VERSION } from './schema';

/**
 * The venue file's format versions (docs/venue-file.md, "Changelog"). A file names its
 * version in `formatVersion`; one without it was written before the field existed and is
 * format 1. Each step below turns a file of version n into n + 1, so any older file is read
 * as the current format, with a note saying what was done. A file newer than this code is
 * refused: it may mean something this code does not know.
 */
const MIGRATIONS: Record<number, { summary: string; migrate: (file: Record<string, unknown>) => Record<string, unknown> }> = {
  1: {
    summary: 'format 1 → 2: `formatVersion` and `$schema` added; nothing else changed',
    migrate: (file) => ({ ...file, formatVersion: 2 }),
  },
  2: {
    summary:
      'format 2 → 3: experiences may list `dates` and `weekdays`, closures may be ranges {"from", "to"}, a free-amount gift card needs no `value`/`price`; a format-2 file means the same in format 3',
    migrate: (file) => ({ ...file, formatVersion: 3 }),
  },
};

export type Migrated = { data: unknown; notes: string[]; errors: string[] };

export function migrateVenueFile(input: unknown): Migrated {
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    return { data: input, notes: [], errors: ['(file): expected a JSON object ({ ... }) holding the venue'] };
  }
  let file = input as Record<string, unknown>;
  const stated = file.formatVersion;
  if (stated !== undefined && (typeof stated !== 'number' || !Number.isInteger(stated) || stated < 1)) {
    return { data: file, notes: [], errors: [`formatVersion: ${JSON.stringify(stated)} is not a format version: expected a whole number from 1 to ${VENUE_FORMAT_VERSION}`] };
  }
  const version = stated ?? 1;
  if (version > VENUE_FORMAT_VERSION) {
    return {
      data: file,
      notes: [],
      errors: [`formatVersion: ${version} is newer than this site reads (${VENUE_FORMAT_VERSION}): update the site, or write the file in format ${VENUE_FORMAT_VERSION}`],
    };
  }
  const notes: string[] = [];
  for (let v = version; v < VENUE_FORMAT_VERSION; v++) {
    file = MIGRATIONS[v].migrate(file);
    notes.push(`formatVersion: ${stated === undefined && v === 1 ? 'not set, so read as format 1' : `was ${v}`}; migrated ${MIGRATIONS[v].summary} (write "formatVersion": ${VENUE_FORMAT_VERSION} to read it as it is)`);
  }
  return { data: file, notes, errors: [] };
}
