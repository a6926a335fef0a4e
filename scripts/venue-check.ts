/**
 * `npm run venue:check -- venue.json [more.json ...]`: a dry run of `venue:import`.
 *
 * Reads each file (an older format migrated), checks it against the schema and the rules
 * the schema cannot hold (docs/venue-file.md, "Checks"), and checks its hosts against the
 * other venues of the database, importing nothing. The database is the one `venue:import`
 * would use; when a running site holds the embedded one, the hosts are checked by that
 * site (`POST /api/admin/venues?dryRun=1`, with ADMIN_TOKEN). `--offline` skips the hosts;
 * with no database yet (no DATABASE_URL, nothing in DATA_DIR) there is no other venue, and
 * none is created. `--strict` refuses unknown fields and texts in languages the site does not
 * speak instead of warning. Exit status: 0 when every file would import, 1 otherwise.
 */
import { config } from '@/server/runtime/config';
import { openDatabase } from '@/server/db/client';
import { DatabaseLockedError } from '@/server/db/lock';
import { callRunningSite, databaseExists, readJsonFile, siteBase } from './venue-cli';
import { checkVenueFile } from '@/server/venues/check';
import { takenHostErrors } from '@/server/venues/import';
import type { VenueFile } from '@/server/venues/schema';

type HostCheck = (file: VenueFile) => Promise<string[]>;

async function hostCheckThroughSite(file: VenueFile): Promise<string[]> {
  const response = await callRunningSite('/api/admin/venues?dryRun=1', file);
  const body = (await response.json().catch(() => ({}))) as { error?: string; issues?: string[] };
  if (response.ok) return [];
  if (body.issues) return body.issues;
  throw new Error(`The running site at ${siteBase()} could not check the hosts (${response.status} ${body.error ?? ''})`);
}

async function main() {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const offline = args.includes('--offline');
  const strict = args.includes('--strict');
  const files = args.filter((a) => a !== '--offline' && a !== '--strict');
  if (!files.length) {
    console.error('Usage: npm run venue:check -- path/to/venue.json [...] [--offline] [--strict]');
    process.exit(2);
  }

  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let hostCheck: HostCheck | undefined;
  let noDatabase = false;
  if (!offline && !databaseExists()) {
    noDatabase = true;
    console.log(`No database yet (no DATABASE_URL, nothing in ${config.dataDir}): no other venue holds a host; none is created.`);
  } else if (!offline) {
    try {
      handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      const db = handle.db;
      hostCheck = (file) => takenHostErrors(db, file);
    } catch (error) {
      if (!(error instanceof DatabaseLockedError)) throw error;
      console.log(`The site is running on ${config.dataDir}: checking the hosts through it.`);
      hostCheck = hostCheckThroughSite;
    }
  }

  let failed = 0;
  try {
    for (const name of files) {
      const read = readJsonFile(name);
      if ('error' in read) {
        console.error(`${name}: error: ${read.error}`);
        failed++;
        continue;
      }
      const { file, errors, warnings } = checkVenueFile(read.input, { strict });
      if (file && hostCheck) errors.push(...(await hostCheck(file)));
      for (const w of warnings) console.log(`${name}: warning: ${w}`);
      for (const e of errors) console.error(`${name}: error: ${e}`);
      if (errors.length) {
        failed++;
        console.error(`${name}: ${errors.length} error(s), ${warnings.length} warning(s): it would not import.`);
      } else {
        console.log(`${name}: OK, ${warnings.length} warning(s): "${file?.slug}" would import${hostCheck || noDatabase ? '' : ' (hosts not checked: --offline)'}.`);
      }
    }
  } finally {
    await handle?.close();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
